#!/usr/bin/env node
// `npx amplio analyse ...` from the repository root, after `npm ci` and `npm run build`.
require('../dist/main.js');
