/**
 * A handler reads only the arguments its route declares: a read of an
 * undeclared name (a typo, or an argument the DSL forgot, which WordPress
 * would then neither validate nor sanitize) fails here. Rule in
 * helpers/handler-args.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { handWrittenPhp } from '../src/cli/hand-written.js';
import { argumentNames } from '../src/emit/php/args.js';
import { loadModel } from '../src/cli/outputs.js';
import { argumentReads } from './helpers/handler-args.js';
import { ErrorCodeIndex } from './helpers/handler-errors.js';

const model = loadModel();
const index = new ErrorCodeIndex(model.plugins.flatMap((p) => handWrittenPhp(p)));

describe('handlers read only declared arguments', () => {
	for (const plugin of model.plugins) {
		for (const handler of plugin.resources.flatMap((r) => r.handlers)) {
			const routes = handler.routes.filter((r) => r.implemented);
			if (!routes.length) continue;
			test(`${plugin.namespace} ${handler.name}: ${handler.service} reads only what each route declares`, () => {
				const problems: string[] = [];
				for (const route of routes) {
					// Declared arguments (the upload among them), plus the headers and HEAD flag of typed routes.
					const declared = new Set(argumentNames(route));
					const { reads, unreadable } = argumentReads(index, handler.service!, route.name);
					for (const name of reads) if (!declared.has(name)) problems.push(`${route.name} reads "${name}", which the route does not declare`);
					problems.push(...unreadable);
				}
				assert.deepEqual(problems, []);
			});
		}
	}
});

describe('the argument rule (so the test above can fail)', () => {
	const idx = new ErrorCodeIndex([
		{
			path: 'fixture.php',
			code: `<?php
				final class MVS_Helper {
					public function title_of( $req ) { return $req->get_param( 'titel' ); }
				}
				final class MVS_Thing_Service {
					/**
					 * Helper.
					 *
					 * @var MVS_Helper
					 */
					private $helper;
					public function update_thing( WP_REST_Request $request ) {
						foreach ( array( 'a', 'b' ) as $field ) { $x = $request[ $field ]; }
						$this->helper->title_of( $request );
						return $request['id'];
					}
					public function list_things( $request ) { return $request->get_params(); }
					public function get_thing( MVS_Get_Thing_Args $args ) { return $args->id . $args->colour; }
					public function edit_thing( MVS_Edit_Thing_Args $args ) {
						foreach ( array( 'title', 'note' ) as $field ) { $x = $args->$field; }
						return $this->serve_part( $args );
					}
					private function serve_part( MVS_Edit_Thing_Args $part ) { return $part->range . $part->{$part->title}; }
					public function dump_thing( MVS_Dump_Thing_Args $args ) { return get_object_vars( $args ); }
					public function patch_thing( MVS_Patch_Thing_Args $args ) {
						foreach ( array( 'size', 'shape' ) as $field ) { $x = $args->$field; }
						$name = 'hue';
						return $args->$name . $args->{'ti' . 'tle'};
					}
				}`,
		},
	]);

	test('collects direct reads, loop names and reads in collaborators the request is passed to', () => {
		assert.deepEqual([...argumentReads(idx, 'MVS_Thing_Service', 'update_thing').reads].sort(), ['a', 'b', 'id', 'titel']);
	});

	test('reads of a typed handler\'s generated arguments are collected too', () => {
		assert.deepEqual([...argumentReads(idx, 'MVS_Thing_Service', 'get_thing').reads].sort(), ['colour', 'id']);
	});

	test('a typed handler\'s loop names and collaborators count; a computed property name is reported', () => {
		const reads = argumentReads(idx, 'MVS_Thing_Service', 'edit_thing');
		assert.deepEqual([...reads.reads].sort(), ['note', 'range', 'title']);
		assert.deepEqual(reads.unreadable, ['MVS_Thing_Service::serve_part($part): $part->... with a computed name']);
	});

	test('the arguments object used whole where the rule cannot follow it is reported', () => {
		assert.deepEqual(argumentReads(idx, 'MVS_Thing_Service', 'dump_thing').unreadable, [
			'MVS_Thing_Service::dump_thing($args): $args is used whole where the rule cannot follow it',
		]);
	});

	test('a typed handler\'s property read by a computed name is reported; one over a literal list is not', () => {
		const { reads, unreadable } = argumentReads(idx, 'MVS_Thing_Service', 'patch_thing');
		assert.deepEqual([...reads].sort(), ['shape', 'size']);
		assert.deepEqual(unreadable, [
			'MVS_Thing_Service::patch_thing($args): $args->... with a computed name',
			'MVS_Thing_Service::patch_thing($args): $args->... with a computed name',
		]);
	});

	test('reading every parameter at once is reported', () => {
		assert.deepEqual(argumentReads(idx, 'MVS_Thing_Service', 'list_things').unreadable, [
			'MVS_Thing_Service::list_things($request): get_params() reads every parameter at once',
		]);
	});
});
