/**
 * Declared errors are the truth: each implemented route's `errors` list in
 * the DSL names every code its handler can return (read from the PHP with
 * php-parser, rule in helpers/handler-errors.ts) and nothing that neither the
 * handler nor the generated controller can produce; the generated controller
 * carries the same lists for its runtime guard; the OpenAPI documents
 * enumerate every code per status.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { handWrittenPhp } from '../src/cli/hand-written.js';
import { generateAll, loadModel } from '../src/cli/outputs.js';
import { names, phpFileName } from '../src/emit/php/naming.js';
import { controllerErrors, routeErrors } from '../src/model/route-errors.js';
import { ErrorCodeIndex } from './helpers/handler-errors.js';
import { arrayEntries, declarations, parsePhp, stringValue, walk, type PhpNode } from './helpers/php.js';

const model = loadModel();
const index = new ErrorCodeIndex(model.plugins.flatMap((p) => handWrittenPhp(p)));
const generated = generateAll(model);

/** What a route's declaration gets wrong, or [] when it matches its handler. */
function mismatches(idx: ErrorCodeIndex, service: string, route: { name: string; errors: readonly string[] }, own: readonly string[]): string[] {
	if (!idx.has(service, route.name)) return [`${service} has no method ${route.name}`];
	const produced = idx.codes(service, route.name);
	const out: string[] = [];
	for (const code of [...produced].sort()) if (!route.errors.includes(code)) out.push(`${route.name}: the handler returns ${code}, not declared`);
	for (const code of route.errors) {
		if (!produced.has(code) && !own.includes(code)) out.push(`${route.name}: declares ${code}, which neither its handler nor the controller produces`);
	}
	return out;
}

describe('declared errors match the handlers', () => {
	for (const plugin of model.plugins) {
		for (const handler of plugin.resources.flatMap((r) => r.handlers)) {
			const routes = handler.routes.filter((r) => r.implemented);
			if (!routes.length) continue;
			test(`${plugin.namespace} ${handler.name}: each route's errors are exactly what ${handler.service} and the controller can answer`, () => {
				const problems = routes.flatMap((r) => mismatches(index, handler.service!, r, controllerErrors(plugin, r)));
				assert.deepEqual(problems, []);
			});
		}
	}

	test('every error code in the hand-written PHP is a string literal the rule can read', () => {
		for (const plugin of model.plugins) {
			for (const handler of plugin.resources.flatMap((r) => r.handlers)) for (const r of handler.routes) if (r.implemented) index.codes(handler.service!, r.name);
		}
		assert.deepEqual(index.unreadable, []);
	});
});

describe('the error-code rule (so the test above can fail)', () => {
	const php = `<?php
		interface MVS_Store { public function put(); }
		final class MVS_Disk_Store implements MVS_Store {
			public function put() { return MVS_Errors::make( 'mvs_storage_failed' ); }
		}
		final class MVS_Checker {
			public static function check( $x ) { return $x ? true : new WP_Error( 'rest_invalid_param', 'bad' ); }
		}
		final class MVS_Helper {
			/** @return MVS_Checker */
			public function checker() { return new MVS_Checker(); }
		}
		final class MVS_Thing_Service {
			/**
			 * Store.
			 *
			 * @var MVS_Store
			 */
			private $store;
			public function update_thing( $request ) {
				if ( ! $request['id'] ) { return MVS_Errors::make( 'mvs_not_found' ); }
				$code = $request['x'] ? 'mvs_forbidden' : 'mvs_invalid_param';
				if ( $request['y'] ) { return MVS_Errors::make( $code ); }
				$this->store->put();
				( new MVS_Helper() )->checker();
				return $this->helper()->checker()::check( 1 );
			}
			/** @return MVS_Helper */
			private function helper() { return new MVS_Helper(); }
			public function delete_thing( $request ) { return MVS_Errors::make( $this->code ); }
		}`;
	const idx = new ErrorCodeIndex([{ path: 'fixture.php', code: php }]);

	test('follows $this, properties by @var (interfaces to their implementations), return types, ternary locals', () => {
		assert.deepEqual(
			[...idx.codes('MVS_Thing_Service', 'update_thing')].sort(),
			['mvs_forbidden', 'mvs_invalid_param', 'mvs_not_found', 'mvs_storage_failed', 'rest_invalid_param'],
		);
	});

	test('a route declaring less, or more, than its handler and controller produce is reported', () => {
		const route = { name: 'update_thing', errors: ['mvs_not_found', 'mvs_rate_limited'] };
		const problems = mismatches(idx, 'MVS_Thing_Service', route, []);
		assert.ok(problems.includes('update_thing: the handler returns mvs_storage_failed, not declared'), problems.join('\n'));
		assert.ok(problems.includes('update_thing: declares mvs_rate_limited, which neither its handler nor the controller produces'));
		assert.deepEqual(mismatches(idx, 'MVS_Thing_Service', route, ['mvs_rate_limited']).filter((p) => p.includes('rate_limited')), []);
	});

	test('a code it cannot read is reported, not skipped', () => {
		idx.codes('MVS_Thing_Service', 'delete_thing');
		assert.deepEqual(idx.unreadable, ['MVS_Thing_Service::delete_thing: MVS_Errors::make with a code that is not a string literal']);
	});
});

describe('the declarations reach the controllers and the OpenAPI documents', () => {
	for (const plugin of model.plugins) {
		for (const resource of plugin.resources.filter((r) => r.routes.some((x) => x.implemented))) {
			const cls = names.controller(plugin, resource.name);
			test(`${cls}::HANDLER_ERRORS lists each implemented route's declared errors`, () => {
				const path = `${plugin.dir}/generated/${phpFileName('class', cls)}`;
				const decl = declarations(parsePhp(generated.get(path)!, path), 'class').get(cls)!;
				const constant = [...walk(decl)].find((n) => n.kind === 'constant' && (n.name as PhpNode).name === 'HANDLER_ERRORS')!;
				const { keyed } = arrayEntries(constant.value as PhpNode);
				const got = Object.fromEntries([...keyed].map(([k, v]) => [k, arrayEntries(v).list.map((x) => stringValue(x))]));
				const want = Object.fromEntries(resource.routes.filter((r) => r.implemented).map((r) => [r.name, [...r.errors]]));
				assert.deepEqual(got, want);
			});
		}
	}

	const doc = JSON.parse(generated.get('codegen/out/openapi/mvs-v1.json')!) as {
		paths: Record<string, Record<string, { operationId: string; responses: Record<string, { 'x-mvs-error-codes'?: string[] }> }>>;
	};
	const op = (id: string) => Object.values(doc.paths).flatMap((p) => Object.values(p)).find((o) => o.operationId === id)!;
	const codesAt = (id: string, status: number) => op(id).responses[String(status)]?.['x-mvs-error-codes'] ?? [];

	test('every operation enumerates, per status, exactly the codes its route can answer', () => {
		const core = model.plugins.find((p) => p.id === 'core')!;
		for (const route of core.routes) {
			const listed = Object.values(op(route.name).responses).flatMap((r) => r['x-mvs-error-codes'] ?? []);
			assert.deepEqual([...listed].sort(), routeErrors(core, route), route.name);
		}
	});

	test('the statuses the server really returns are documented', () => {
		assert.ok(codesAt('update_media', 400).includes('mvs_invalid_param'), 'update_media 400 mvs_invalid_param');
		assert.ok(codesAt('update_media', 400).includes('rest_invalid_param'), 'update_media 400 rest_invalid_param');
		assert.ok(codesAt('update_media', 500).includes('mvs_storage_failed'), 'update_media 500');
		assert.ok(codesAt('list_media', 401).includes('mvs_community_private'), 'the gate on a public route');
		assert.ok(codesAt('bulk_media', 404).includes('mvs_not_found'), 'bulk 404');
		assert.ok(codesAt('list_media', 429).includes('mvs_rate_limited'), 'rate-limited list');
		assert.ok(codesAt('bulk_media', 429).includes('mvs_rate_limited'), 'rate-limited bulk');
	});
});
