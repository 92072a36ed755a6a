// Bundler-only entry for "zod/mini" (see "alias" in package.json and zod-bundle.cjs: Parcel 2.9
// drops the namespace re-export of zod 4's ESM entries, so the CommonJS build is bundled instead).
// shared/src/protocol/messages.ts is written with zod/mini; it shares zod's core with "zod/v4".
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file on purpose
module.exports = require('zod/v4/mini');
