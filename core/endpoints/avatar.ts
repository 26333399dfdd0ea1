import { defineArea } from './define.js';
import { RECORD } from '../shapes/record.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const avatarArea = defineArea('avatar', {
  'me avatar-purchases': {
    route: 'GET users/me/avatarpurchases',
    reply: { avatarpurchases: [RECORD], total: 'int' },
    role: 'user',
    summary: 'List the avatar items you have bought',
  },
  'pupils avatar-purchases': {
    route: 'GET users/me/school/pupils/{id}/avatarpurchases',
    reply: { avatarpurchases: [RECORD], total: 'int' },
    role: 'teacher',
    summary: 'List the avatar items a pupil has bought or been given',
  },
  'pupils add-avatar-purchase': {
    route: 'POST users/me/school/pupils/{id}/avatarpurchases',
    reply: { avatarpurchase: RECORD },
    role: 'teacher',
    summary: 'Give a pupil avatar purchases of a type',
    payload: { type: 'string', amount: 'int' },
  },
  'pupils remove-avatar-purchase': {
    route: 'DELETE users/me/school/pupils/{id}/avatarpurchases/{purchaseId}',
    reply: { avatarpurchase: RECORD },
    role: 'teacher',
    summary: "Remove one of a pupil's avatar purchases",
    destructive: true,
  },
  'me set-avatar': {
    route: 'PUT users/me/avatar',
    reply: { avatar: RECORD },
    role: 'user',
    summary: 'Set your avatar (slots and colours as JSON text)',
    payload: { avatar: 'string' },
  },
  'me buy-avatar-item': {
    route: 'PUT users/me/avatarpurchases',
    reply: { avatarpurchase: RECORD },
    role: 'user',
    summary: 'Buy an avatar item by type and key',
    payload: { type: 'string', key: 'string' },
  },
  'users render-avatar': {
    route: 'POST users/{id}/avatar',
    reply: { avatar: RECORD },
    role: 'user',
    summary: "Render and store a user's avatar image",
  },
  'users avatar': {
    route: 'GET users/{id}/avatar',
    reply: { avatar: 'string' },
    role: 'user',
    summary: "Get a user's avatar image as base64, at a given size",
    // size 1 is 56x64, 2 is 160x184, 3 (the default) 320x368 (O §9)
    payload: { size: { kind: 'int', min: 1, max: 3, optional: true } },
    note: "The site's generate-avatar-image call (user id and size) shows no path; mapped here, could be the POST. It answers a base64 image (O §7) under no key shown: `avatar` (a data URL) is our choice.",
  },
  'avatars debug': {
    route: 'GET avatars/debug',
    reply: { debug: [RECORD], total: 'int' },
    role: 'superuser',
    summary: 'Show avatar rendering debug information',
  },
  'avatar-items browse': {
    route: 'GET avatars/items/browse',
    reply: { browse: [RECORD], total: 'int' },
    role: 'user',
    summary: 'Browse the avatar items on offer',
  },
  'avatar-items list': {
    route: 'GET avatars/items',
    reply: { items: [RECORD], total: 'int' },
    role: 'user',
    summary: 'List avatar items',
  },
  'avatar-items create': {
    route: 'POST avatars/items',
    reply: { item: RECORD },
    role: 'superuser',
    summary: 'Create an avatar item (idents, type, sort order, size)',
    open: true,
  },
  'avatar-items show': {
    route: 'GET avatars/items/{id}',
    reply: { item: RECORD },
    role: 'user',
    summary: 'Show one avatar item',
  },
  'avatar-items update': {
    route: 'PUT avatars/items/{id}',
    reply: { item: RECORD },
    role: 'superuser',
    summary: 'Update an avatar item',
    open: true,
  },
  'avatar-items delete': {
    route: 'DELETE avatars/items/{id}',
    reply: { item: RECORD },
    role: 'superuser',
    summary: 'Delete an avatar item',
    destructive: true,
  },
  'avatar-items set-sort-order': {
    route: 'PATCH avatars/items/{id}/sort_order',
    reply: { item: RECORD },
    role: 'superuser',
    summary: "Set an avatar item's position in the catalogue",
    open: true,
    idempotent: true,
  },
});
