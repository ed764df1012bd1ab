/**
 * Emits the route manifest the e2e suite reads: every route with its auth
 * rule and a minimal valid request (so that authorization, not validation,
 * decides the outcome of an authorization-matrix call).
 */
import type { FieldSpec } from '../dsl/field.js';
import type { Model } from '../model/model.js';
import { columnSql, schemaVersion } from './php/schema.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value that passes the field's own validation. */
export function sampleValue(spec: FieldSpec): Json {
	if (spec.default !== undefined) return spec.default as Json;
	if (spec.enum) return spec.enum[0] as Json;
	switch (spec.type) {
		case 'integer':
		case 'number':
			return Math.max(spec.minimum ?? 1, 1);
		case 'boolean':
			return false;
		case 'string': {
			if (spec.format === 'date-time') return '2030-01-01T00:00:00Z';
			if (spec.format === 'uri') return 'https://example.org/';
			const text = 'sample';
			return spec.maxLength !== undefined ? text.slice(0, spec.maxLength) : text;
		}
		case 'array':
			return [sampleValue(spec.items!)];
		case 'object':
			return Object.fromEntries(
				Object.entries(spec.properties ?? {})
					.filter(([, v]) => v.required)
					.map(([k, v]) => [k, sampleValue(v)]),
			);
		case 'file':
			return '@file';
	}
}

export function emitManifest(model: Model): Json {
	return {
		generatedFrom: 'codegen/src/api',
		// Role → capabilities granted on activation (manage_options comes from WordPress itself).
		roles: Object.fromEntries(
			model.plugins.flatMap((p) => p.roles).map((r) => [r.role, [...r.caps]]),
		),
		// What the migrations must create, for the schema checks on MariaDB.
		tables: model.plugins.flatMap((plugin) =>
			plugin.tables.map((t) => ({
				plugin: plugin.id,
				schemaVersion: schemaVersion(plugin.tables),
				name: t.name,
				columns: Object.fromEntries(Object.entries(t.columns).map(([name, c]) => [name, columnSql(name, c)])),
				primaryKey: [...t.primaryKey],
				indexes: (t.indexes ?? []).map((i) => ({ name: i.name, columns: [...i.columns], unique: Boolean(i.unique) })),
			})),
		),
		routes: model.plugins.flatMap((plugin) =>
			plugin.routes.map((r) => {
				const required = (location: string) =>
					Object.fromEntries(
						r.args
							.filter((a) => a.location === location && a.spec.required && !a.pagination)
							.map((a) => [a.name, sampleValue(a.spec)]),
					);
				return {
					name: r.name,
					plugin: plugin.id,
					namespace: r.namespace,
					method: r.method,
					methods: [...r.methods],
					path: r.path,
					auth: JSON.parse(JSON.stringify(r.auth)) as Json,
					rateLimit: r.rateLimit?.perMinute ?? null,
					rateLimitPerAddress: r.rateLimit?.perAddress || null,
					implemented: r.implemented,
					since: r.since,
					extension: r.extension ?? null,
					sample: { query: required('query'), body: required('body'), multipart: required('multipart') },
				};
			}),
		),
	};
}
