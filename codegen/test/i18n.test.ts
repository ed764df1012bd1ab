/**
 * Every text a site owner or a member reads goes through the plugin's text
 * domain (issue 30), so the .pot of `npm run i18n` holds it and a translation
 * reaches it. Read from php-parser's AST of both plugins' PHP:
 *
 * - every gettext call names its plugin's own text domain, as a literal
 *   (wp-pot, and WordPress's own tools, extract nothing else);
 * - what is shown: error messages (`MVS_Errors::make`, `new WP_Error`,
 *   `wp_die`, `add_settings_error`), anything echoed or printed (admin
 *   notices, screens) and HTML outside `<?php ?>`, holds no literal words
 *   outside a translation call. HTML tags, attributes, entities and printf
 *   placeholders are not words; sprintf/printf arguments after the format
 *   are values (parameter names, numbers), not sentences.
 *
 * The admin screens' JSX is held to the same rule by ESLint
 * (`react/jsx-no-literals`, eslint.config.cjs), and the .pot's freshness by
 * `npm run i18n -- --check` in `npm run codegen:check`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Engine } from 'php-parser';
import { PLUGINS, pluginFiles } from '../../tools/package-files.mjs';
import { nameOf, walk, type PhpNode } from './helpers/php.js';

const engine = new Engine({
	parser: { php8: true, version: '8.0', suppressErrors: false, extractDoc: false },
	ast: { withPositions: true },
});

/** Gettext functions and the argument holding the text domain. */
const GETTEXT: Record<string, number> = {
	__: 1, _e: 1, esc_html__: 1, esc_html_e: 1, esc_attr__: 1, esc_attr_e: 1,
	_x: 2, _ex: 2, esc_html_x: 2, esc_attr_x: 2, _n_noop: 2,
	_n: 3, _nx_noop: 3,
	_nx: 4,
};

/** Calls whose argument at this index is a message a person reads. */
const MESSAGE_ARG: Record<string, number> = { wp_die: 0, add_settings_error: 2 };

const line = (node: PhpNode) => (node.loc as { start: { line: number } } | undefined)?.start.line ?? 0;
const args = (node: PhpNode) => (node.arguments as PhpNode[] | undefined) ?? [];
const calleeName = (node: PhpNode) => nameOf(node.what as PhpNode);
/** `Class::method` of a static call, or undefined. */
const staticCallee = (node: PhpNode) => {
	const what = node.what as PhpNode;
	return what?.kind === 'staticlookup' ? `${nameOf(what.what as PhpNode)}::${nameOf(what.offset as PhpNode)}` : undefined;
};

/** The nodes directly below `node`. */
function children(node: PhpNode): PhpNode[] {
	return Object.entries(node)
		.filter(([key]) => key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments')
		.flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
		.filter((value): value is PhpNode => typeof value === 'object' && value !== null && typeof (value as PhpNode).kind === 'string');
}

/** Visible words of a literal: tags, entities and printf placeholders removed. */
function words(text: string): string {
	return text
		.replace(/<[^>]*>/g, ' ')
		.replace(/<[a-z][^>]*$/i, ' ') // a tag the next part of a concatenation closes
		.replace(/&[#a-z0-9]+;/gi, ' ')
		.replace(/%(\d+\$)?[-+ 0#]*\d*(\.\d+)?[bcdeEfFgGosuxX%]/g, ' ')
		.trim();
}

/** Literal text with letters under `expr` that no gettext call wraps. */
function bareText(expr: PhpNode): PhpNode[] {
	const found: PhpNode[] = [];
	const visit = (node: PhpNode): void => {
		if (node.kind === 'call') {
			const name = calleeName(node);
			if (name && name in GETTEXT) return;
			// The format is the sentence; the other arguments are values put into it.
			if (name === 'sprintf' || name === 'printf' || name === 'vsprintf') {
				const format = args(node)[0];
				if (format) visit(format);
				return;
			}
			// Escaping functions for text show their argument: look inside.
			if (name && /^(esc_html|wp_kses(_post)?|wpautop|wp_strip_all_tags)$/.test(name)) {
				for (const arg of args(node)) visit(arg);
			}
			return; // any other call computes its value (get_error_message(), number_format_i18n(), ...)
		}
		if ((node.kind === 'string' || node.kind === 'nowdoc') && /[A-Za-z]{2}/.test(words(String(node.value)))) {
			found.push(node);
			return;
		}
		// A ternary shows one of its branches, never its condition.
		if (node.kind === 'retif') {
			for (const branch of [node.trueExpr, node.falseExpr]) if (branch) visit(branch as PhpNode);
			return;
		}
		// Concatenations and interpolations: their parts are shown.
		if (['encapsedpart', 'encapsed', 'bin', 'parenthesis', 'cast'].includes(node.kind)) {
			for (const child of children(node)) visit(child);
		}
	};
	visit(expr);
	return found;
}

function findings(code: string, file: string, textDomain: string): string[] {
	const ast = engine.parseCode(code, file) as unknown as PhpNode;
	const out: string[] = [];
	const bare = (node: PhpNode, what: string) => {
		for (const literal of bareText(node)) out.push(`${file}:${line(literal)} ${what}: '${String(literal.value).slice(0, 60)}' is not translatable`);
	};
	for (const node of walk(ast)) {
		if (node.kind === 'call' && staticCallee(node) === 'MVS_Errors::make') {
			const message = args(node)[1];
			if (message) bare(message, 'MVS_Errors::make() message');
		} else if (node.kind === 'call') {
			const name = calleeName(node);
			const list = args(node);
			if (name && name in GETTEXT) {
				const domain = list[GETTEXT[name]!];
				if (!domain || domain.kind !== 'string' || domain.value !== textDomain) {
					out.push(`${file}:${line(node)} ${name}() must name the text domain '${textDomain}' as a literal`);
				}
			} else if (name && name in MESSAGE_ARG && list[MESSAGE_ARG[name]!]) {
				bare(list[MESSAGE_ARG[name]!]!, `${name}() message`);
			} else if (name === 'printf' && list[0]) {
				bare(node, 'printf()');
			}
		} else if (node.kind === 'new' && nameOf(node.what as PhpNode) === 'WP_Error') {
			const message = args(node)[1];
			if (message) bare(message, 'WP_Error message');
		} else if (node.kind === 'echo' || node.kind === 'print') {
			const shown = (node.expressions as PhpNode[] | undefined) ?? [node.expression as PhpNode];
			for (const expr of shown) if (expr) bare(expr, node.kind);
		} else if (node.kind === 'inline' && /[A-Za-z]{2}/.test(words(String(node.value)))) {
			out.push(`${file}:${line(node)} HTML outside <?php ?>: '${words(String(node.value)).slice(0, 60)}' is not translatable`);
		}
	}
	return out;
}

for (const { dir, slug, textDomain } of PLUGINS) {
	test(`${slug}: every text shown (errors, notices, screens) is translatable, in the text domain ${textDomain}`, () => {
		const problems = pluginFiles(dir)
			.filter((file) => file.endsWith('.php') && !file.startsWith('build/'))
			.flatMap((file) => findings(readFileSync(join(dir, file), 'utf8'), file, textDomain));
		assert.deepEqual(problems, []);
	});
}

test('the rule sees a bare message, a bare notice and a foreign text domain', () => {
	const code = `<?php
		function f() {
			echo '<div class="notice"><p>Core is missing.</p></div>';
			printf( '<div class="notice"><p>%s</p></div>', esc_html__( 'Fine.', 'd' ) );
			$a = MVS_Errors::make( 'mvs_x', 'Bare message.' );
			$b = MVS_Errors::make( 'mvs_x', sprintf( __( '%s is bad.', 'd' ), 'per_page' ) );
			$c = new WP_Error( 'x', 'Bare ' . __( 'half', 'd' ) );
			$d = __( 'Other domain', 'other' );
			?><p>Hello there</p><?php
		}`;
	assert.deepEqual(
		findings(code, 'f.php', 'd').map((finding) => finding.replace(/: '.*/, '')),
		['f.php:3 echo', 'f.php:5 MVS_Errors::make() message', 'f.php:7 WP_Error message', "f.php:8 __() must name the text domain 'd' as a literal", 'f.php:9 HTML outside <?php ?>'],
	);
});
