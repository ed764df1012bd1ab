// `npm start`: one local site for trying things by hand, up until Ctrl-C.
// It needs no browser. It also writes its fixtures where `npm test` looks for
// them, so tests can reuse this site (see run-tests.mjs).
import fs from 'node:fs';
import { printSiteBanner } from './banner.mjs';
import { harnessRequested } from './harness.mjs';
import { SHARED_FIXTURES_FILE } from './paths.mjs';
import { prepareWordPress } from './prepare-wordpress.mjs';
import { DEFAULT_WORKERS, startSite } from './site.mjs';

const port = Number(process.env.MVS_PORT || 9400);
// The product as it ships; `npm start -- --harness` adds the test harness for debugging tests.
const harness = harnessRequested();

prepareWordPress();
const started = Date.now();
console.log(`Starting WordPress on port ${port} (${DEFAULT_WORKERS} PHP workers)…`);
const site = await startSite({ port, workers: DEFAULT_WORKERS, label: 'start', harness }).catch((error) => {
  console.error(`${error.message}\n(MVS_PORT=<port> npm start uses another port.)`);
  process.exit(1);
});
fs.writeFileSync(SHARED_FIXTURES_FILE, JSON.stringify({ url: site.url, ...site.fixtures }, null, 2));

printSiteBanner(site, { harness, startedAt: started, logs: `${site.phpLogFile} (PHP errors and notices)`, stopHint: 'Press Ctrl-C to stop.' });

process.once('SIGINT', () => console.log('\nStopping…'));
// stop-on-exit.mjs stops the site on SIGINT/SIGTERM; the fixtures file must go with it.
const forget = () => fs.rmSync(SHARED_FIXTURES_FILE, { force: true });
process.once('exit', forget);
// Keep the event loop alive until a signal arrives.
setInterval(() => {}, 1 << 30);
