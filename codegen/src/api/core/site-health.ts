/**
 * The Site Health async test of the core plugin (docs/site-health.md). NOT
 * part of the REST contract: it is flagged `extension: 'site-health'`, so
 * contract checks leave it out and `npm run status` lists it apart.
 * WordPress's Site Health page fetches it (the `test` URL of the plugin's
 * async entry in site_status_tests) and shows the result array as is.
 */
import { auth, resource, schema, t, type SchemaSpec } from '../../dsl/index.js';

export const siteHealthSchemas: readonly SchemaSpec[] = [
	schema('SiteHealthResult', "One Site Health test's result, in the shape WordPress's Site Health page renders.", {
		label: t.string().required().describe('Headline (plain text).'),
		status: t.enum('good', 'recommended', 'critical').required(),
		badge: t.object({ label: t.string().required(), color: t.string().required() }).required(),
		description: t.string().required().describe('What the result means (HTML).'),
		actions: t.string().required().describe('What to do (HTML); empty when nothing.'),
		test: t.string().required().describe("The test's key in site_status_tests."),
	}),
];

export const siteHealth = resource({
	name: 'site_health',
	summary: 'Site Health async tests (site-health extension, not in the contract).',
	service: 'MVS_Site_Health_Service',
	typedArgs: true,
	schema: 'SiteHealthResult',
	routes: [
		{
			name: 'check_storage_exposure',
			method: 'GET',
			path: '/site-health/storage-exposure',
			summary: 'Whether the storage folder answers over HTTP: writes a probe file, requests it and deletes it.',
			auth: auth.cap('view_site_health_checks'),
			response: { schema: 'SiteHealthResult' },
			since: '1.0.0',
			implemented: true,
			extension: 'site-health',
		},
	],
});
