// What `npm start` and `npm run stack:up` print once their site is up: where
// it is, how to log in, the fixture users, and how to point tests at it.
import { harnessWarning, HARNESS_FLAG } from './harness.mjs';
import { SHARED_FIXTURES_FILE } from './paths.mjs';

/**
 * @param {{ url: string, fixtures: { users: Record<string, object> } }} site
 * @param {{ harness?: boolean, startedAt: number, logs: string, testEnv?: string, stopHint: string }} details
 */
export function printSiteBanner(site, { harness = false, startedAt, logs, testEnv = '', stopHint }) {
  console.log(`\nReady in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${site.url}`);
  console.log(`wp-admin: ${site.url}/wp-admin/  (admin / password)`);
  console.log(`REST:     ${site.url}/wp-json/\n`);
  console.table(
    Object.fromEntries(
      Object.entries(site.fixtures.users).map(([key, u]) => [key, { id: u.id, login: u.login, role: u.role, password: u.password, appPassword: u.appPassword }]),
    ),
  );
  console.log(`\nFixtures: ${SHARED_FIXTURES_FILE}`);
  console.log(`Logs: ${logs}`);
  if (harness) {
    console.log(harnessWarning(harness));
    console.log(`Run tests against this site: MVS_BASE_URL=${site.url} MVS_FIXTURES_FILE=${SHARED_FIXTURES_FILE}${testEnv} npm run test:e2e`);
  } else {
    console.log(`Test harness off (the product as it ships); the e2e suite needs it: restart with \`-- ${HARNESS_FLAG}\` to run tests against this site.`);
  }
  console.log(stopHint);
}
