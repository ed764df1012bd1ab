/**
 * canonical() integers (issue 23, row 11): the DSL's way to accept a number
 * in its one decimal spelling only. The model refuses it on anything but an
 * integer; the controller validates such a field with
 * MVS_Sanitize::canonical_int (which then runs WordPress's own check), and
 * /serve declares its three numbers so.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { t } from '../src/dsl/index.js';
import { emitPhp } from '../src/emit/php/index.js';
import { loadModel } from '../src/cli/outputs.js';
import { buildModel, ModelError } from '../src/model/build.js';
import { route, withRoutes } from './helpers/fixtures.js';

/** The argument definitions of one query field in an emitted controller, up to its sanitize callback. */
function argDefinition(controller: string, name: string): string {
	// Keys are aligned: 'loose'  => array(.
	const start = controller.search(new RegExp(`'${name}'\\s+=> array\\(`));
	assert.ok(start > 0, `${name} registered`);
	return controller.slice(start, controller.indexOf("'sanitize_callback'", start));
}

describe('canonical() integers', () => {
	test('the model refuses canonical() on a field that is not an integer', () => {
		const spec = withRoutes(route({ name: 'find_widget', method: 'GET', path: '/widgets/find', query: { code: t.string().canonical() } }));
		assert.throws(() => buildModel([spec]), (error: unknown) => error instanceof ModelError && /canonical\(\) is for integer fields/.test(error.message));
	});

	test('a canonical integer is validated by MVS_Sanitize::canonical_int, a plain one by WordPress', () => {
		const spec = withRoutes(
			route({ name: 'find_widget', method: 'GET', path: '/widgets/find', query: { strict: t.int().canonical(), loose: t.int() }, implemented: true }),
		);
		const tiny = buildModel([spec]);
		const controller = emitPhp(tiny, tiny.plugins[0]!).get('plugin-tiny/generated/class-mvs-tiny-rest-things-controller.php')!;
		assert.match(argDefinition(controller, 'strict'), /'validate_callback' => array\( 'MVS_Sanitize', 'canonical_int' \)/);
		assert.match(argDefinition(controller, 'loose'), /'validate_callback' => 'rest_validate_request_arg'/);
	});

	test('/serve takes its ids and times in one spelling only', () => {
		const model = loadModel();
		const serve = model.plugins.flatMap((p) => p.routes).find((r) => r.name === 'serve_media_file')!;
		const canonical = serve.args.filter((a) => a.spec.canonical).map((a) => a.name);
		assert.deepEqual(canonical.sort(), ['mvs_exp', 'mvs_id', 'mvs_uid']);
	});
});
