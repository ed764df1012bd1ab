export * from './auth.js';
export * from './field.js';
export * from './plugin.js';
export * from './route.js';
export * from './table.js';
export * from './values.js';
export * from './extension-fields.js';
