/** Name lists for seeded people: plain, varied first and last names across the seeded countries. */

export const FIRST_NAMES = [
  'Amelia', 'Oliver', 'Isla', 'Noah', 'Ava', 'Leo', 'Mia', 'Arthur', 'Ivy', 'Oscar', 'Freya', 'George', 'Lily', 'Theo',
  'Grace', 'Harry', 'Sophia', 'Jack', 'Ella', 'Finn', 'Ruby', 'Liam', 'Chloe', 'Ethan', 'Zara', 'Mason', 'Aria', 'Lucas',
  'Maya', 'Aiden', 'Evie', 'Samuel', 'Poppy', 'Elijah', 'Hannah', 'James', 'Layla', 'Daniel', 'Nora', 'Yusuf', 'Priya',
  'Kai', 'Amara', 'Mateo', 'Sienna', 'Ravi', 'Chen', 'Aisha', 'Tomas', 'Niamh', 'Ciaran', 'Matilda', 'Archie', 'Willow',
] as const;

export const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson', 'Wright', 'Thompson',
  'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Khan', 'Lewis', 'Harris', 'Martin',
  'Cooper', 'King', 'Lee', 'Baker', 'Hughes', 'Nguyen', 'Garcia', 'Murphy', "O'Brien", 'Kelly', 'Singh', 'Ali', 'Chen',
] as const;

export const TEACHER_TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'] as const;
