/**
 * Smoke journey of the native-app routes built so far (GET /app/config),
 * for the Playground tier. Settings, the filter and the gate are in
 * app-config.site-wide.spec.ts.
 */
import { expect, test } from '../../support/mvs';

test('a visitor reads the app configuration', async ({ api }) => {
	const res = await api('anonymous').op('get_app_config');
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	expect(typeof res.body.dark_mode_default).toBe('boolean');
	expect(res.body.features.reactions).toBe(true);
});
