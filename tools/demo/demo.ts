// `npm run demo`: the Playground site of `npm start` (the product as it
// ships, no test harness), seeded with a living community through the REST
// API (seed.ts), up until Ctrl-C. MVS_PORT picks another port.
import { prepareWordPress } from '../../e2e/site/prepare-wordpress.mjs';
import { DEFAULT_WORKERS, startSite } from '../../e2e/site/site.mjs';
import { seed } from './seed';

const port = Number(process.env.MVS_PORT || 9400);

prepareWordPress();
const started = Date.now();
console.log(`Starting WordPress on port ${port} (${DEFAULT_WORKERS} PHP workers)…`);
const site = await startSite({ port, workers: DEFAULT_WORKERS, label: 'demo' }).catch((error: Error) => {
	console.error(`${error.message}\n(MVS_PORT=<port> npm run demo uses another port.)`);
	process.exit(1);
});
console.log(`Site up in ${((Date.now() - started) / 1000).toFixed(1)} s; seeding the community through the REST API…`);

const seeding = Date.now();
const community = await seed(site.url, site.fixtures.users.admin, fetch, {
	concurrency: DEFAULT_WORKERS,
	log: (line) => console.log(`  ${line}`),
}).catch(async (error: Error) => {
	console.error(`Seeding failed: ${error.message}\nPHP log: ${site.phpLogFile}`);
	await site.stop();
	process.exit(1);
});
console.log(
	`Seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s with ${community.requests} requests: ${community.members.length} members, ` +
		`${community.media.length} media, ${community.albums.length} albums, ${community.follows.length} follows, ${community.reactions} reactions, ` +
		`${community.comments} comments, ${community.favorites} favorites, ${community.reports} reports (${community.flagged.length} item flagged), ` +
		`${community.conversations.length} conversations.`,
);

console.log(`\nThe demo community: ${site.url}`);
console.log(`wp-admin: ${site.url}/wp-admin/  (admin / password; the moderation queue has a flagged item)`);
console.log(`REST:     ${site.url}/wp-json/mvs/v1/media`);
console.log('Members (wp-login.php, or an app signing in through POST /wp-json/mvs/v1/auth/app-password):');
console.table(Object.fromEntries(community.members.map((m) => [m.displayName, { id: m.id, login: m.login, password: m.password }])));
console.log(`Logs: ${site.phpLogFile} (PHP errors and notices)`);
console.log('Press Ctrl-C to stop.');

process.once('SIGINT', () => console.log('\nStopping…'));
// Keep the event loop alive until a signal arrives (stop-on-exit.mjs stops the site).
setInterval(() => {}, 1 << 30);
