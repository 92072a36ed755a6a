// Bundler-only entry for "zod" (see "alias" in package.json; TypeScript and Vitest use zod directly).
// Parcel 2.9, which Plasmo 0.90 uses, leaves "./v4/classic/external.js" out of zod 4's ESM entry
// (index.js both imports it as a namespace and re-exports * from it), so `z` is an empty object
// in the bundle and the extension dies at load with "z.string is not a function". Through the
// CommonJS build zod bundles whole (about 430 KB minified either way). Plasmo's resolver applies
// this alias to every importer, including @invigil/shared.
// "zod/v4" is the same classic API as "zod"; it is required by that name so the alias cannot loop.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file on purpose
module.exports = require('zod/v4');
