/**
 * The caller's profile and avatar (docs/profile-and-avatar.md): partial
 * edits through wp_update_user, the display-name and length rules, text
 * sanitizing; avatars through the media upload checks, stored as squares
 * under uploads, shown by WordPress (get_avatar_url), removed by DELETE and
 * by account erasure.
 */
import { encodeJpeg, imageStructure, pngWithChunks } from '../support/media-files';
import { freshUser, type FreshUser } from '../support/moderation';
import { expect, files, pngChunk, pngClaiming, test, type Api } from '../support/mvs';

test.describe.configure({ mode: 'parallel' });

const SIZES = ['96', '192', '512'] as const;

async function fetchFile(url: string): Promise<{ status: number; bytes: Buffer }> {
	const res = await fetch(url);
	return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function withUser(api: (role: 'admin') => Api, run: (user: FreshUser) => Promise<void>): Promise<void> {
	const user = await freshUser(api('admin'));
	try {
		await run(user);
	} finally {
		await user.api.dispose();
	}
}

test('GET /me/profile, and PUT, PATCH and POST change only the fields sent, through WordPress', async ({ api }) => {
	await withUser(api, async ({ id, api: me }) => {
		const start = await me.op('get_my_profile');
		expect(start.status).toBe(200);
		expect(start.body).toMatchObject({ id, first_name: '', last_name: '', description: '', description_html: '', avatar: { custom: false } });
		expect(start.body.display_name!.length).toBeGreaterThan(0);

		const put = await me.op('update_my_profile', { body: { first_name: 'Ada', display_name: 'Ada L.' } });
		expect(put.status, JSON.stringify(put.body)).toBe(200);
		expect(put.body).toMatchObject({ first_name: 'Ada', last_name: '', display_name: 'Ada L.', description: '' });
		const patch = await me.send({ method: 'PATCH', path: '/mvs/v1/me/profile', query: {}, json: { last_name: 'Lovelace' } });
		expect(patch.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', display_name: 'Ada L.' });
		const post = await me.send({ method: 'POST', path: '/mvs/v1/me/profile', query: {}, json: { description: 'Engines.' } });
		expect(post.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', display_name: 'Ada L.', description: 'Engines.' });
		// An empty body changes nothing.
		expect((await me.op('update_my_profile', { body: {} })).body).toEqual(post.body);
		expect((await me.op('get_my_profile')).body).toEqual(post.body);
		// Saved where WordPress keeps them: its own users route shows the same.
		const wp = await me.raw('GET', '/wp-json/wp/v2/users/me', { query: { context: 'edit' } });
		expect(wp.body).toMatchObject({ name: 'Ada L.', first_name: 'Ada', last_name: 'Lovelace', description: 'Engines.' });
		for (const op of ['get_my_profile', 'delete_my_avatar'] as const) expect((await api('anonymous').op(op)).status).toBe(401);
		expect((await api('anonymous').op('update_my_profile', { body: { first_name: 'x' } })).status).toBe(401);
		expect((await api('anonymous').op('upload_my_avatar', { body: { file: files.uniquePng() } })).status).toBe(401);
	});
});

test('display_name never empty, lengths and types refused, markup removed and text round-trips', async ({ api }) => {
	await withUser(api, async ({ id, api: me }) => {
		await me.op('update_my_profile', { body: { display_name: 'Kept Name' } });
		for (const display_name of ['', '   ', '<b></b>']) {
			const res = await me.op('update_my_profile', { body: { display_name, first_name: 'Changed' } });
			expect(res.status, display_name).toBe(400);
			expect(res.body.code).toBe('mvs_display_name_empty');
		}
		// Nothing of a refused request is written.
		expect((await me.op('get_my_profile')).body).toMatchObject({ display_name: 'Kept Name', first_name: '' });

		for (const json of [{ display_name: 'x'.repeat(51) }, { first_name: 'x'.repeat(101) }, { last_name: 'x'.repeat(101) }, { description: 'x'.repeat(1001) }, { display_name: 42 }, { description: ['a'] }, { first_name: { a: 1 } }]) {
			const res = await me.send({ method: 'PUT', path: '/mvs/v1/me/profile', query: {}, json });
			expect(res.status, JSON.stringify(json)).toBe(400);
			expect(res.body.code).toBe('rest_invalid_param');
		}
		// At the limits, with every character WordPress stores escaped: fits wp_users.display_name (varchar 250).
		const full = await me.op('update_my_profile', { body: { display_name: '&'.repeat(50), first_name: 'é'.repeat(100) } });
		expect(full.status).toBe(200);
		expect(full.body).toMatchObject({ display_name: '&'.repeat(50), first_name: 'é'.repeat(100) });

		const html = await me.op('update_my_profile', {
			body: { display_name: 'Tom <em>&</em> "Jerry"', description: 'Hi <script>alert(1)</script><b>bold</b> & <a href="x" onclick="y">link</a>\nline 2 <3' },
		});
		expect(html.status).toBe(200);
		expect(html.body.display_name).toBe('Tom & "Jerry"');
		expect(html.body.description).toBe('Hi bold & link\nline 2 <3');
		expect(html.body.description_html).toBe('Hi bold &amp; link<br>\nline 2 &lt;3');
		expect((await me.op('get_my_profile')).body).toEqual(html.body);
		// The same text wherever the member is shown: the public profile and its user card.
		const shown = await api('anonymous').op('get_user', { params: { id } });
		expect(shown.body).toMatchObject({ display_name: 'Tom & "Jerry"', description: 'Hi bold & link\nline 2 <3' });
	});
});

test('avatar: PNG and JPEG become square sizes without metadata, shown by WordPress, replaced, deleted from disk', async ({ api }) => {
	const other = await freshUser(api('admin'));
	await withUser(api, async ({ id, api: me }) => {
		const gravatar = (await me.op('get_my_profile')).body.avatar!;
		expect(gravatar.custom).toBe(false);
		expect(gravatar.urls['96']).toContain('gravatar.com');

		const png = await me.op('upload_my_avatar', { body: { file: files.image(300, 120, 'wide.png') } });
		expect(png.status, JSON.stringify(png.body)).toBe(200);
		expect(png.body.custom).toBe(true);
		const first = png.body.urls;
		for (const size of SIZES) {
			expect(first[size]).toMatch(new RegExp(`/wp-content/uploads/mvs-avatars/[a-z0-9]{24}-${size}\\.png$`));
			const file = await fetchFile(first[size]);
			expect(file.status).toBe(200);
			expect(imageStructure(file.bytes)).toMatchObject({ format: 'png', width: Number(size), height: Number(size) });
		}
		expect((await me.op('get_my_profile')).body.avatar).toEqual(png.body);
		// Wherever WordPress shows an avatar (get_avatar_url(), in another member's block list): the custom one.
		// (The test sites turn show_avatars off, so /wp/v2/users carries no avatar_urls.)
		const blocked = async () => (await other.api.op('list_blocked_users')).body.find((u) => u.id === id)!.avatar_url;
		expect((await other.api.op('block_user', { params: { id } })).status).toBe(200);
		expect(await blocked()).toBe(first['96']);

		// A JPEG with EXIF and GPS replaces it: JPEG squares without any metadata; the PNG files are gone.
		const jpeg = encodeJpeg(64, 48, (bx, by) => 40 + 30 * bx + 20 * by, { exif: { orientation: 1, gps: true, make: 'Camera' }, comment: 'secret' });
		const replaced = await me.op('upload_my_avatar', { body: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg } } });
		expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
		for (const size of SIZES) {
			expect(replaced.body.urls[size]).toMatch(new RegExp(`-${size}\\.jpg$`));
			const file = await fetchFile(replaced.body.urls[size]);
			const structure = imageStructure(file.bytes);
			expect(structure).toMatchObject({ format: 'jpeg', width: Number(size), height: Number(size) });
			expect(structure.exif).toBeUndefined();
			expect(structure.blocks.filter((b) => b.startsWith('APP1') || b === 'COM')).toEqual([]);
			expect((await fetchFile(first[size])).status).toBe(404);
		}

		const removed = await me.op('delete_my_avatar');
		expect(removed.status).toBe(200);
		expect(removed.body).toEqual({ ...gravatar, deleted: true });
		for (const size of SIZES) expect((await fetchFile(replaced.body.urls[size])).status).toBe(404);
		expect(await blocked()).toBe(gravatar.urls['96']);
		// Retry-safe: nothing left to remove.
		expect((await me.op('delete_my_avatar')).body).toEqual({ ...gravatar, deleted: false });
	}).finally(() => other.api.dispose());
});

test('concurrent replacements and removals of one avatar: every request answers, no file is left behind', async ({ api }) => {
	await withUser(api, async ({ api: me }) => {
		// Six uploads and two removals at once: each meta write names the value it replaces.
		const answers = await Promise.all([
			...Array.from({ length: 6 }, () => me.op('upload_my_avatar', { body: { file: files.uniquePng() } })),
			me.op('delete_my_avatar'),
			me.op('delete_my_avatar'),
		]);
		expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
		const stored = (await me.op('get_my_profile')).body.avatar!;
		// Each answer is the avatar as it stands when that request answers: two may name the same files.
		const urls = [...new Set(answers.flatMap((a) => ('custom' in a.body && a.body.custom ? SIZES.map((size) => a.body.urls[size]!) : [])))];
		const served = await Promise.all(urls.map(async (url) => ({ url, status: (await fetchFile(url)).status })));
		// Only the stored avatar's files exist: every replaced one was deleted by the request that replaced it.
		const kept = stored.custom ? SIZES.map((size) => stored.urls[size]) : [];
		expect(served.filter((s) => s.status === 200).map((s) => s.url).sort()).toEqual(kept.filter((url) => urls.includes(url!)).sort());
		expect((await me.op('delete_my_avatar')).status).toBe(200);
		for (const url of kept) expect((await fetchFile(url!)).status).toBe(404);
	});
});

test('avatar uploads pass the media checks: a renamed text file, an open tag, a pixel bomb, too many bytes, a non-image', async ({ api }) => {
	await withUser(api, async ({ api: me }) => {
		const kept = await me.op('upload_my_avatar', { body: { file: files.uniquePng() } });
		expect(kept.status).toBe(200);
		const openTag = pngWithChunks([pngChunk('tEXt', Buffer.from('Comment\0<?php system($_GET["c"]); ?>', 'latin1'))], 8, 8);
		const cases = [
			{ name: 'text renamed .png', file: { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') }, code: 'mvs_invalid_type' },
			{ name: 'PNG with an open tag', file: { name: 'poly.png', mimeType: 'image/png', buffer: openTag }, code: 'mvs_invalid_type' },
			{ name: 'pixel bomb', file: { name: 'bomb.png', mimeType: 'image/png', buffer: pngClaiming(16000, 16000) }, code: 'mvs_image_too_large' },
			{ name: 'over 10 MB', file: { name: 'big.png', mimeType: 'image/png', buffer: pngWithChunks([pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(10 * 1024 * 1024, 0x61)]))]) }, code: 'mvs_file_too_large' },
			{ name: 'a PDF', file: files.pdf(), code: 'mvs_invalid_type' },
			{ name: 'an MP3', file: files.mp3('song.png'), code: 'mvs_invalid_type' },
			{ name: 'a PHP extension', file: { ...files.uniquePng(), name: 'x.php.png' }, code: 'mvs_blocked_extension' },
		];
		for (const { name, file, code } of cases) {
			const res = await me.op('upload_my_avatar', { body: { file } });
			expect(res.status, name).toBe(400);
			expect(res.body.code, name).toBe(code);
		}
		const missing = await me.send({ method: 'POST', path: '/mvs/v1/me/avatar', query: {}, multipart: { other: 'x' } });
		expect(missing.body.code).toBe('mvs_no_file');
		// The refusals left the avatar as it was.
		expect((await me.op('get_my_profile')).body.avatar).toEqual(kept.body);
	});
});

test('deleting the account removes the avatar files', async ({ api }) => {
	const admin = api('admin');
	const user = await freshUser(admin);
	const uploaded = await user.api.op('upload_my_avatar', { body: { file: files.uniquePng() } });
	await user.api.dispose();
	expect(uploaded.status).toBe(200);
	expect((await fetchFile(uploaded.body.urls['192'])).status).toBe(200);
	const erased = await admin.raw('DELETE', `/wp-json/wp/v2/users/${user.id}`, { query: { force: 'true', reassign: 'false' } });
	expect(erased.status, JSON.stringify(erased.body)).toBe(200);
	for (const size of SIZES) expect((await fetchFile(uploaded.body.urls[size])).status).toBe(404);
});
