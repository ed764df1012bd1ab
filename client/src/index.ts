/** The package @mvs/client: the generated types and operation table, and the fetch client (client/README.md). */
export * from './client.js';
export * from './errors.js';
export * from './http.js';
export { base64, basicAuth, utf8 } from './encoding.js';
