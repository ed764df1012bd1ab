// `npm run stack:up`: the production-like stack for trying things by hand or
// benchmarking, on MVS_PORT (default 9500), up until Ctrl-C (or
// `npm run stack:down` when it runs in the background). Like `npm start`, it
// writes its fixtures where `npm test` looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { printSiteBanner } from '../e2e/site/banner.mjs';
import { harnessRequested } from '../e2e/site/harness.mjs';
import { SHARED_FIXTURES_FILE } from '../e2e/site/paths.mjs';
import { PHP_WORKERS, startNativeSite } from './native-site.mjs';

const port = Number(process.env.MVS_PORT || 9500);
// The product as it ships; `npm run stack:up -- --harness` adds the test harness for debugging tests.
const harness = harnessRequested();

const started = Date.now();
console.log(`Starting MariaDB + PHP-FPM (${PHP_WORKERS} workers) + nginx on 127.0.0.1:${port}…`);
const site = await startNativeSite({ port, label: 'stack', harness }).catch((error) => {
  console.error(`${error.message}\n(MVS_PORT=<port> npm run stack:up uses another port.)`);
  process.exit(1);
});
const shared = JSON.stringify({ url: site.url, ...site.fixtures }, null, 2);
fs.mkdirSync(path.dirname(SHARED_FIXTURES_FILE), { recursive: true });
fs.writeFileSync(SHARED_FIXTURES_FILE, shared);

printSiteBanner(site, {
  harness,
  startedAt: started,
  logs: `${path.dirname(site.logFile)} (php.log: WordPress's debug log)`,
  testEnv: ` MVS_SITE_WORKERS=${PHP_WORKERS}`,
  stopHint: 'Press Ctrl-C (or run `npm run stack:down`) to stop.',
});

process.once('SIGINT', () => console.log('\nStopping…'));
// stop-on-exit.mjs stops the stack on SIGINT/SIGTERM; the fixtures go with it,
// unless another site (`npm start`) has written its own there since.
process.once('exit', () => {
  if (fs.existsSync(SHARED_FIXTURES_FILE) && fs.readFileSync(SHARED_FIXTURES_FILE, 'utf8') === shared) fs.rmSync(SHARED_FIXTURES_FILE);
});
// Keep the event loop alive until a signal arrives.
setInterval(() => {}, 1 << 30);
