/**
 * Owner checks read a row's owner once per request. WordPress answers every
 * REST response with an Allow header, for which it re-runs the permission
 * check of each method of the matched route (PUT, PATCH, POST and DELETE of
 * /media/{id}): without a memo, a GET paid one owner query per method.
 */
import { expect, test, type Api } from '../support/mvs';
import { uniqueName, uploadImage } from '../support/seed';

async function ownerReads(caller: Api, path: string, table: string): Promise<number> {
	const res = await caller.send({ method: 'GET', path, query: { mvs_debug_queries: '1' } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	const log = JSON.parse(res.headers['x-mvs-query-log'] ?? '[]') as string[];
	return log.filter((sql) => new RegExp(`^SELECT author_id FROM \\S*${table} WHERE id = `).test(sql)).length;
}

test('GET of an owner-checked item reads its owner at most once, for the owner and for others', async ({ api }) => {
	const member = api('member');
	const item = await uploadImage(member, { privacy: 'public' });
	const smart = await member.op('create_collection', { body: { title: uniqueName('owner'), type: 'smart', rules: { media_type: 'image' } } });
	expect(smart.status).toBe(201);
	for (const caller of [member, api('member2'), api('anonymous')]) {
		expect(await ownerReads(caller, `/mvs/v1/media/${item}`, 'mvs_media'), `${caller.role} media`).toBeLessThanOrEqual(1);
		expect(await ownerReads(caller, `/mvs/v1/collections/${smart.body.id}`, 'mvs_collections'), `${caller.role} collection`).toBeLessThanOrEqual(1);
	}
});
