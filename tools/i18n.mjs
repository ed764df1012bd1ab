// npm run i18n: languages/<text domain>.pot of each plugin, the template
// translators start from. PHP strings are extracted by wp-pot (over
// php-parser's AST), the admin screens' strings by
// @wordpress/babel-plugin-makepot from the BUILT scripts (build/admin/*.js),
// so each JavaScript string's reference names the file WordPress loads and
// `wp i18n make-json` can key its JSON translation to the script handle that
// wp_set_script_translations() registers (MVS_Admin::enqueue()).
//
// The output has no dates, so the same sources give the same file:
// `npm run i18n -- --check` fails when a committed .pot is stale (run by
// npm run codegen:check, which CI runs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { PLUGINS, headerField, releaseVersion } from './package-files.mjs';

const require = createRequire(import.meta.url);
const { WP_Pot } = require('wp-pot');
const babel = require('@babel/core');
const makepot = require('@wordpress/babel-plugin-makepot');
const { po } = require('gettext-parser');

/** Translations of one pot text, keyed `context\u0004msgid`. */
function entries(potText) {
  const out = new Map();
  for (const [context, messages] of Object.entries(po.parse(potText).translations)) {
    for (const [msgid, entry] of Object.entries(messages)) if (msgid !== '') out.set(`${context}\u0004${msgid}`, entry);
  }
  return out;
}

function phpStrings({ dir, slug, textDomain }) {
  const pot = new WP_Pot({
    globOpts: { cwd: dir, absolute: true, ignore: ['node_modules/**'] },
    pathsRelativeTo: dir,
    php: { textdomain: textDomain, metadataFile: `${slug}.php` },
    pot: { defaultHeaders: false },
  });
  // wp-pot compares metadataFile with the relative file name.
  pot.parse(['**/*.php']);
  return entries(pot.generatePot());
}

// Webpack's output calls `(0, x.__)( ... )`; makepot reads only `__(...)` and
// `x.__(...)`, so the sequence is unwrapped first (in memory, nothing written).
const unwrapSequenceCallee = () => ({
  visitor: {
    CallExpression(callPath) {
      const { callee } = callPath.node;
      if (callee.type === 'SequenceExpression' && callee.expressions.length === 2 && callee.expressions[1].type === 'MemberExpression') {
        callPath.node.callee = callee.expressions[1];
      }
    },
  },
});

function jsStrings({ dir }) {
  const build = path.join(dir, 'build', 'admin');
  if (!fs.existsSync(path.join(dir, 'includes', 'admin'))) return new Map(); // Pro has no admin screens
  if (!fs.existsSync(build)) throw new Error(`${path.relative(process.cwd(), build)} is missing: run npm run build first (the admin screens' strings are read from it)`);
  const scripts = fs.readdirSync(build).filter((name) => name.endsWith('.js')).sort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mvs-i18n-'));
  const cwd = process.cwd();
  const result = new Map();
  try {
    // makepot writes references relative to the working directory.
    process.chdir(dir);
    for (const script of scripts) {
      // One output per script: each transform gets a fresh plugin instance.
      const output = path.join(tmp, `${script}.pot`);
      babel.transformFileSync(path.join('build', 'admin', script), {
        babelrc: false,
        configFile: false,
        compact: true,
        code: false,
        plugins: [unwrapSequenceCallee, [makepot, { output }]],
      });
      // Minified line numbers say nothing to a translator and move with every build.
      if (fs.existsSync(output)) mergeInto(result, entries(fs.readFileSync(output, 'utf8').replace(/^(#: .*\.js):\d+$/gm, '$1')));
    }
  } finally {
    process.chdir(cwd);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  return result;
}

/** Adds `more` to `into`; a string found in both keeps every reference and translator comment. */
function mergeInto(into, more) {
  for (const [key, entry] of more) {
    const seen = into.get(key);
    if (!seen) {
      into.set(key, entry);
      continue;
    }
    const join = (field) => [...new Set([seen.comments?.[field], entry.comments?.[field]].filter(Boolean).join('\n').split('\n'))].join('\n');
    const extracted = join('extracted');
    seen.comments = { ...seen.comments, reference: join('reference'), ...(extracted ? { extracted } : {}) };
  }
}

/** The .pot text of one plugin. */
export function potFor(plugin) {
  const merged = phpStrings(plugin);
  mergeInto(merged, jsStrings(plugin));
  const translations = { '': { '': { msgid: '', msgstr: [''] } } };
  for (const key of [...merged.keys()].sort()) {
    const entry = merged.get(key);
    const context = entry.msgctxt ?? '';
    translations[context] ??= {};
    translations[context][entry.msgid] = { ...entry, msgstr: entry.msgid_plural ? ['', ''] : [''] };
  }
  const main = fs.readFileSync(path.join(plugin.dir, `${plugin.slug}.php`), 'utf8');
  const headers = {
    'Project-Id-Version': `${headerField(main, 'Plugin Name')} ${releaseVersion()}`,
    'Report-Msgid-Bugs-To': '',
    'MIME-Version': '1.0',
    'content-type': 'text/plain; charset=UTF-8', // lower case: the key gettext-parser fills the charset into
    'Content-Transfer-Encoding': '8bit',
    'Plural-Forms': 'nplurals=2; plural=(n != 1);',
    'X-Domain': plugin.textDomain,
  };
  const body = po.compile({ charset: 'utf-8', headers, translations }, { foldLength: 79 }).toString('utf8');
  return `# Translation template of ${headerField(main, 'Plugin Name')}. Made by npm run i18n (tools/i18n.mjs); do not edit.\n# This file is distributed under the same license as the plugin (GPL-2.0-or-later).\n${body}\n`;
}

export const potFile = (plugin) => path.join(plugin.dir, 'languages', `${plugin.textDomain}.pot`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const plugin of PLUGINS) {
    const file = potFor(plugin);
    const target = potFile(plugin);
    const rel = path.relative(process.cwd(), target);
    const count = (file.match(/^msgid "./gm) ?? []).length;
    if (check) {
      if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== file) {
        console.error(`${rel} is stale: run npm run i18n and commit it`);
        stale++;
      } else console.log(`${rel}: up to date (${count} strings)`);
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file);
    console.log(`${rel}: ${count} strings`);
  }
  process.exitCode = stale ? 1 : 0;
}
