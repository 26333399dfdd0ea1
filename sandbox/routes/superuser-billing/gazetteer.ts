/** The sandbox's geocoder: a small gazetteer of towns the seeded schools are in or near (no external service). */
export const PLACES: readonly (readonly [name: string, country: string, lat: number, lng: number])[] = [
  ['London', 'GB', 51.5074, -0.1278],
  ['Manchester', 'GB', 53.4808, -2.2426],
  ['Birmingham', 'GB', 52.4862, -1.8904],
  ['Leeds', 'GB', 53.8008, -1.5491],
  ['Bristol', 'GB', 51.4545, -2.5879],
  ['Oakfield', 'GB', 51.5701, -1.7855],
  ['Glasgow', 'GB', 55.8642, -4.2518],
  ['Edinburgh', 'GB', 55.9533, -3.1883],
  ['Cardiff', 'GB', 51.4816, -3.1791],
  ['Belfast', 'GB', 54.5973, -5.9301],
  ['Seattle', 'US', 47.6062, -122.3321],
  ['Spokane', 'US', 47.6588, -117.426],
  ['Austin', 'US', 30.2672, -97.7431],
  ['Chicago', 'US', 41.8781, -87.6298],
  ['New York', 'US', 40.7128, -74.006],
  ['Sydney', 'AU', -33.8688, 151.2093],
  ['Melbourne', 'AU', -37.8136, 144.9631],
  ['Brisbane', 'AU', -27.4698, 153.0251],
  ['Perth', 'AU', -31.9505, 115.8605],
  ['Auckland', 'NZ', -36.8485, 174.7633],
  ['Wellington', 'NZ', -41.2865, 174.7762],
  ['Dublin', 'IE', 53.3498, -6.2603],
  ['Cork', 'IE', 51.8985, -8.4756],
  ['Toronto', 'CA', 43.6532, -79.3832],
  ['Cape Town', 'ZA', -33.9249, 18.4241],
];

/**
 * Places whose name appears in the query (longest names first, so "New York" beats "York").
 *
 * @example
 * geocode('12 High Street, Leeds LS1') // [{ name: 'Leeds', ... }]
 */
export function geocode(
  query: string,
): { name: string; country: string; lat: number; lng: number; formatted: string }[] {
  const text = query.toLowerCase();
  return PLACES.filter(([name]) => text.includes(name.toLowerCase()))
    .sort((a, b) => b[0].length - a[0].length)
    .map(([name, country, lat, lng]) => ({
      name,
      country,
      lat,
      lng,
      formatted: `${query.trim()} (${name}, ${country})`,
    }));
}
