// The client's types of the server's protocol, generated: the app's /openapi.json (written by
// ../scripts/openapi.py, without starting a server) through openapi-typescript into
// src/app/api.gen.ts. The engine's schema (ttr.engine: the view, the log, the result) is the one
// definition; tests/test_client_types.py fails when the committed file is stale.
//
//   npm run gen-types                                  regenerate src/app/api.gen.ts
//   node scripts/gen-types.mjs --openapi F --out G     from an openapi.json already written, into G
//
// The Python used is $PYTHON, else ../.venv/bin/python (what `make` installs), else python3.
// openapi-typescript needs TypeScript 5's compiler API (the client is checked with TypeScript 7,
// which has none), so it lives in the local package tools/openapi-types with its own TypeScript.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(web, '..');
const generator = join(web, 'tools', 'openapi-types', 'node_modules', '.bin', 'openapi-typescript');

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

function python() {
  if (process.env.PYTHON) return process.env.PYTHON;
  const venv = join(root, '.venv', 'bin', 'python');
  return existsSync(venv) ? venv : 'python3';
}

const out = resolve(arg('--out', join(web, 'src', 'app', 'api.gen.ts')));
let input = arg('--openapi', null);
let tmp = null;
if (!existsSync(generator)) {
  console.error(`no ${generator}: run npm ci in web/ first`);
  process.exit(1);
}
if (input === null) {
  tmp = mkdtempSync(join(tmpdir(), 'ttr-openapi-'));
  input = join(tmp, 'openapi.json');
  writeFileSync(input, execFileSync(python(), [join(root, 'scripts', 'openapi.py')], { maxBuffer: 64 << 20 }));
}
try {
  execFileSync(generator, [resolve(input), '--output', out], { stdio: ['ignore', 'ignore', 'inherit'] });
} finally {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
console.log(`wrote ${out}`);
