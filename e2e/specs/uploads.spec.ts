/**
 * Safe uploads and storage: the type comes from the bytes, dangerous names
 * and polyglots are refused, image sizes (and a watermark) are real images,
 * storage failures leave nothing behind, the storage folder is closed to
 * the web, and POST /media/{id}/replace goes through the same checks.
 */
import type { MediaItem } from '../../client/src/client';
import { aliasFiles } from '../support/media-files';
import { baseUrl, expect, files, makeBlocksPng, pngChunk, pngClaiming, test, upload, type Api } from '../support/mvs';

test.describe.configure({ mode: 'parallel' });

type Item = MediaItem & { sizes: Record<string, { url: string; width: number; height: number }> };
type StoredFile = { exists: boolean; width: number | null; height: number | null; mime: string | null; sha1: string | null };
type Stored = { item: { file: string; sizes: Record<string, { key: string }> } | null; files: Record<string, StoredFile>; protected: { htaccess: string | null; index: boolean } };

function token(): string {
	return `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** What is on disk for an item and/or storage keys (through the test harness). */
async function stored(admin: Api, body: { media_id?: number; keys?: string[] }): Promise<Stored> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/stored-files', { json: body });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as Stored;
}

/** A valid PNG carrying `text` in a tEXt chunk placed before the image data, padded so the text starts at `offset` when given. */
function pngWithText(text: string, offset?: number): Buffer {
	const png = makeBlocksPng(32, 32, Math.floor(Math.random() * 0xffffff));
	const head = png.subarray(0, 33); // signature + IHDR
	const rest = png.subarray(33);
	const keyword = Buffer.from('Comment\0', 'latin1');
	// Chunk header is 8 bytes (length + type) after `head`.
	const pad = offset === undefined ? 0 : offset - (head.length + 8 + keyword.length);
	const data = Buffer.concat([keyword, Buffer.alloc(Math.max(0, pad), 0x41), Buffer.from(text, 'latin1')]);
	return Buffer.concat([head, pngChunk('tEXt', data), rest]);
}

test.describe('POST /media: what may be uploaded', () => {
	test('every bad upload gets its exact 400 code, never a 500', async ({ api }) => {
		const member = api('member');
		const png = () => files.uniquePng().buffer;
		const cases: { name: string; file: { name: string; mimeType: string; buffer: Uint8Array }; code: string; reason?: string }[] = [
			{ name: 'PHP renamed to .jpg', file: files.php('shell.jpg'), code: 'mvs_invalid_type' },
			{ name: 'PHP sent as image/png with a .png name', file: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('<?php system($_GET["c"]);') }, code: 'mvs_invalid_type' },
			{ name: 'zero-byte file', file: { name: 'empty.png', mimeType: 'image/png', buffer: new Uint8Array() }, code: 'mvs_no_file' },
			{ name: 'double extension', file: { name: 'x.php.jpg', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: 'case trick', file: { name: 'x.PhP.png', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: 'trailing dot', file: { name: 'x.png.php.', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: 'trailing dot and space', file: { name: 'x.php. .png', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: 'encoded NUL', file: { name: 'x.php%00.png', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: 'colon (alternate stream)', file: { name: 'x.png:.phtml', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: 'phar', file: { name: 'x.phar.png', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: '.htaccess', file: { name: '.htaccess', mimeType: 'image/png', buffer: png() }, code: 'mvs_blocked_extension' },
			{ name: 'SVG name', file: { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: png() }, code: 'mvs_blocked_extension' },
			{
				name: 'SVG bytes under a .png name',
				file: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
				code: 'mvs_invalid_type',
			},
			{ name: 'text file', file: { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just words, no PDF header') }, code: 'mvs_invalid_type' },
			{ name: 'polyglot PNG with <?php', file: { name: 'poly.png', mimeType: 'image/png', buffer: pngWithText('<?php system($_GET["c"]); ?>') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'polyglot PNG with <?=', file: { name: 'poly.png', mimeType: 'image/png', buffer: pngWithText('<?=`id`?>') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'polyglot PNG with <?PHP in capitals', file: { name: 'poly.png', mimeType: 'image/png', buffer: pngWithText('<?PHP\neval($_POST[1]);') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'PDF with PHP inside', file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% <?php system($_GET[1]); ?>\n%%EOF\n') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			// Short tags followed by code, and phar stubs, in every family (issue 11, finding 10).
			{ name: 'PDF with a <? short tag', file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% <? system($_GET[1]); ?>\n%%EOF\n') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'PDF with a <?= echo of a command', file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% <?=`id`?>\n%%EOF\n') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'PDF with a <? assignment', file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% <?\n$f = $_POST[1]; eval($f);\n%%EOF\n') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'PDF with a phar stub', file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% __HALT_COMPILER(); ?>\n%%EOF\n') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'PNG with a phar stub', file: { name: 'poly.png', mimeType: 'image/png', buffer: pngWithText('__halt_compiler ();') }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			{ name: 'MP3 with a <? short tag', file: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.concat([Buffer.from(files.mp3().buffer), Buffer.from('<? passthru($_GET["c"]); ?>')]) }, code: 'mvs_invalid_type', reason: 'embedded_code' },
			// The scan reads 1 MiB chunks: a tag split across the boundary is still found.
			{ name: 'polyglot tag across a chunk boundary', file: { name: 'big.png', mimeType: 'image/png', buffer: pngWithText('<?php echo 1;', 1048576 - 3) }, code: 'mvs_invalid_type', reason: 'embedded_code' },
		];
		for (const c of cases) {
			const res = await member.send({ method: 'POST', path: '/mvs/v1/media', query: {}, multipart: { file: c.file } as never });
			expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(400);
			expect(res.body.code, c.name).toBe(c.code);
			expect(res.body.data.status, c.name).toBe(400);
			if (c.reason) expect(res.body.data.reason, c.name).toBe(c.reason);
		}
	});

	test('an image whose header claims more than max_image_pixels is refused from the header, fast, before any decoding', async ({ api }) => {
		const member = api('member');
		const bomb = { name: 'bomb.png', mimeType: 'image/png', buffer: pngClaiming(16000, 16000) };
		expect(bomb.buffer.length).toBeLessThan(20_000);
		const res = await member.op('create_media', { body: { file: bomb } });
		// The site's own time for the request (no queueing in it): decoding 256 megapixels would take far longer.
		expect(Number(res.headers['x-mvs-time-ms'])).toBeLessThan(5_000);
		expect(res.status, JSON.stringify(res.body)).toBe(400);
		expect(res.body.code).toBe('mvs_image_too_large');
		expect(res.body.data!.status).toBe(400);
		expect(res.body.data).toMatchObject({ width: 16000, height: 16000, max_pixels: 25_000_000 });
		// Replace goes through the same check.
		const item = await upload(member);
		const replaced = await member.op('replace_media_file', { params: { id: item.id }, body: { file: bomb } });
		expect(replaced.status).toBe(400);
		expect(replaced.body.code).toBe('mvs_image_too_large');
	});

	test('an image whose text merely mentions "<?" is not mistaken for code', async ({ api }) => {
		const item = await upload(api('member'), { file: { name: 'caption.png', mimeType: 'image/png', buffer: pngWithText('a <?= b and <?xml-ish caption') } });
		expect(item.media_type).toBe('image');
	});

	test('a document with XML processing instructions and stray "<?" bytes is not mistaken for code', async ({ api }) => {
		// PDFs carry XMP metadata (<?xpacket …?>, <?xml …?>), and compressed streams (a /Filter) hold "<?" by chance.
		const body = '%PDF-1.4\n<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<?xml version="1.0" encoding="UTF-8"?>\n4 0 obj << /Length 20 /Filter /FlateDecode >>\nstream\n<? \x01\x02 <?= 7 <?\tif\nendstream\nendobj\n%%EOF\n';
		const item = await upload(api('member'), { file: { name: 'xmp.pdf', mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') } });
		expect(item.media_type).toBe('document');
	});

	test('the type comes from the bytes of each family, whatever the name and Content-Type say', async ({ api }) => {
		const member = api('member');
		const cases = [
			{ file: { ...files.uniquePng(), name: 'holiday.jpg', mimeType: 'application/octet-stream' }, media_type: 'image', mime: 'image/png' },
			{ file: { ...files.mp4(), name: 'clip.dat', mimeType: 'text/plain' }, media_type: 'video', mime: 'video/mp4' },
			{ file: { ...files.mp3(), name: 'song', mimeType: 'image/png' }, media_type: 'audio', mime: 'audio/mpeg' },
			{ file: { ...files.pdf(), name: 'paper.txt', mimeType: 'text/plain' }, media_type: 'document', mime: 'application/pdf' },
		];
		const admin = api('admin');
		for (const c of cases) {
			const item = await upload(member, { file: c.file });
			expect(item, c.file.name).toMatchObject({ media_type: c.media_type, mime_type: c.mime });
			// The stored name is random and its extension follows the detected type.
			const disk = await stored(admin, { media_id: item.id });
			const ext = { 'image/png': 'png', 'video/mp4': 'mp4', 'audio/mpeg': 'mp3', 'application/pdf': 'pdf' }[c.mime];
			expect(disk.item!.file).toMatch(new RegExp(`^mvs/\\d{4}/\\d{2}/[a-z0-9]{24}\\.${ext}$`));
			if (c.media_type !== 'image') expect(item.sizes, c.file.name).toEqual({});
		}
	});

	test('a genuine PCM WAV is accepted under the default list: finfo says audio/x-wav, the item says audio/wav', async ({ api }) => {
		const item = await upload(api('member'), { file: aliasFiles.wav() });
		expect(item).toMatchObject({ media_type: 'audio', mime_type: 'audio/wav' });
		const disk = await stored(api('admin'), { media_id: item.id });
		expect(disk.item!.file).toMatch(/^mvs\/\d{4}\/\d{2}\/[a-z0-9]{24}\.wav$/);
	});
});

test.describe('image sizes', () => {
	test('thumbnail, medium, large and watermark are real images of the right dimensions', async ({ api }) => {
		const admin = api('admin');
		const expectations: [number, number, Record<string, [number, number]>][] = [
			[400, 300, { thumbnail: [150, 150], medium: [300, 225], large: [400, 300], watermark: [400, 300] }],
			[1200, 600, { thumbnail: [150, 150], medium: [300, 150], large: [1024, 512], watermark: [1024, 512] }],
		];
		for (const [width, height, sizes] of expectations) {
			const item = (await upload(api('member'), { file: files.image(width, height) })) as Item;
			expect(Object.keys(item.sizes).sort()).toEqual(['large', 'medium', 'thumbnail', 'watermark']);
			const disk = await stored(admin, { media_id: item.id });
			const original = disk.files[disk.item!.file]!;
			expect([original.width, original.height]).toEqual([width, height]);
			for (const [name, [w, h]] of Object.entries(sizes)) {
				expect([item.sizes[name]!.width, item.sizes[name]!.height], `${width}x${height} ${name} in the item`).toEqual([w, h]);
				const file = disk.files[disk.item!.sizes[name]!.key]!;
				expect(file, `${width}x${height} ${name} on disk`).toMatchObject({ exists: true, width: w, height: h, mime: 'image/png' });
				expect(item.sizes[name]!.url).toMatch(/^https?:\/\//);
			}
			// The watermark is the large size with a mark drawn on it: same size, different pixels.
			const large = disk.files[disk.item!.sizes.large!.key]!;
			const watermark = disk.files[disk.item!.sizes.watermark!.key]!;
			expect(watermark.sha1).not.toBe(large.sha1);
		}
	});

	test('lists carry the sizes too, at a constant query cost', async ({ api }) => {
		const tag = token();
		for (let i = 0; i < 3; i++) await upload(api('member'), { title: `${tag} ${i}` });
		const counts: number[] = [];
		for (const perPage of [1, 3]) {
			const res = await api('anonymous').op('list_media', { query: { s: tag, per_page: perPage } });
			expect(res.status).toBe(200);
			for (const item of res.body.items as Item[]) expect(Object.keys(item.sizes).sort()).toEqual(['large', 'medium', 'thumbnail', 'watermark']);
			counts.push(Number(res.headers['x-mvs-queries']));
		}
		expect(counts[0]).toBe(counts[1]);
	});
});

test.describe('storage', () => {
	test('a storage failure gives 500 mvs_storage_failed, and leaves no row and no file', async ({ api }) => {
		const member = api('member');
		const admin = api('admin');
		// 1 = the original fails; 2 = its first size fails after the original was stored; 5 = the last size.
		for (const failAt of ['1', '2', '5']) {
			const title = token();
			const res = await member.send(
				{ method: 'POST', path: '/mvs/v1/media', query: {}, multipart: { file: files.uniquePng(), title } as never },
				{ 'X-MVS-Test-Storage-Fail': failAt },
			);
			expect(res.status, `fail at ${failAt}: ${JSON.stringify(res.body)}`).toBe(500);
			expect(res.body.code).toBe('mvs_storage_failed');
			expect(res.body.data.status).toBe(500);
			const written = JSON.parse(res.headers['x-mvs-test-stored'] ?? 'null') as string[];
			expect(written.length, `files written before the failure at ${failAt}`).toBe(Number(failAt) - 1);
			const disk = await stored(admin, { keys: written });
			for (const key of written) expect(disk.files[key]!.exists, `${key} left behind`).toBe(false);
			const mine = await member.op('list_my_media', { query: { s: title } });
			expect(mine.body.total, 'no half-written row').toBe(0);
		}
	});

	test('an extension refusing on mvs_pre_store_upload gets its 403 and message; the hook saw the validated facts; nothing is stored', async ({ api }) => {
		const member = api('member');
		const item = await upload(member);
		const refuse = (code: string) => ({ 'X-MVS-Test-Refuse-Upload': code, 'X-MVS-Test-Storage-Fail': '99' });
		for (const [code, answered] of [['mvs_quota_exceeded', 'mvs_quota_exceeded'], ['pro_storage_full', 'mvs_upload_refused']] as const) {
			const title = token();
			const res = await member.send({ method: 'POST', path: '/mvs/v1/media', query: {}, multipart: { file: files.uniquePng(), title } as never }, refuse(code));
			expect(res.status, JSON.stringify(res.body)).toBe(403);
			// The extension's message and data; the status is the code's (its 507 is not taken).
			expect(res.body).toEqual({ code: answered, message: 'Refused by the test extension.', data: { status: 403, limit: 'storage_bytes' } });
			expect(JSON.parse(res.headers['x-mvs-test-stored'] ?? 'null'), 'no file written').toEqual([]);
			expect((await member.op('list_my_media', { query: { s: title } })).body.total, 'no row').toBe(0);
			const facts = JSON.parse(res.headers['x-mvs-test-upload-facts'] ?? 'null');
			expect(facts).toEqual({ owner_id: item.author_id, size: expect.any(Number), mime: 'image/png', media_type: 'image', extension: 'png', replaces: 0 });
		}
		const replaced = await member.send({ method: 'POST', path: `/mvs/v1/media/${item.id}/replace`, query: {}, multipart: { file: files.uniquePng() } as never }, refuse('mvs_quota_exceeded'));
		expect(replaced.status).toBe(403);
		expect(replaced.body.code).toBe('mvs_quota_exceeded');
		expect(JSON.parse(replaced.headers['x-mvs-test-upload-facts'] ?? 'null')).toMatchObject({ owner_id: item.author_id, replaces: item.id });
		expect(JSON.parse(replaced.headers['x-mvs-test-stored'] ?? 'null')).toEqual([]);
	});

	test('Pro\'s extension field: an item tells its uploader and settings managers the bytes it counts against the quota, nobody else', async ({ api }) => {
		const file = files.uniquePng();
		const item = await upload(api('member'), { file });
		expect(item.extensions?.['mvs-pro']?.quota_bytes).toBe(file.buffer.length);
		const asAdmin = await api('admin').op('get_media', { params: { id: item.id } });
		expect(asAdmin.body.extensions?.['mvs-pro']?.quota_bytes).toBe(item.extensions?.['mvs-pro']?.quota_bytes);
		for (const role of ['member2', 'anonymous'] as const) {
			const other = await api(role).op('get_media', { params: { id: item.id } });
			expect(other.body.extensions, role).toEqual({ 'mvs-pro': { quota_bytes: null } });
		}
	});

	test('the storage folder is closed to the web: .htaccess denies, index.php stops listings, nginx refuses', async ({ api, request }) => {
		const item = await upload(api('member'));
		const disk = await stored(api('admin'), { media_id: item.id });
		expect(disk.protected.index).toBe(true);
		expect(disk.protected.htaccess).toContain('Require all denied');
		expect(disk.protected.htaccess).toContain('php_flag engine off');
		test.skip(process.env.MVS_TARGET !== 'native', 'only the native stack has nginx in front of the files');
		for (const path of [disk.item!.file, disk.item!.sizes.thumbnail!.key, 'mvs/', 'mvs/index.php']) {
			const res = await request.get(`${baseUrl()}/wp-content/uploads/${path}`, { maxRedirects: 0 });
			expect(res.status(), path).toBe(403);
		}
	});
});

test.describe('POST /media/{id}/replace', () => {
	test('keeps the id, metadata and viewer state; swaps the file and its sizes and deletes the old ones', async ({ api }) => {
		const admin = api('admin');
		const item = await upload(api('member'), { title: 'kept title', description: 'kept words', privacy: 'members', file: files.image(400, 300) });
		expect((await api('member2').op('add_media_favorite', { params: { id: item.id } })).status).toBe(200);
		expect((await api('member2').op('set_media_reaction', { params: { id: item.id }, body: { reaction_type: 'love' } })).status).toBe(200);
		const before = await stored(admin, { media_id: item.id });
		const oldKeys = Object.keys(before.files);
		expect(oldKeys.length).toBe(5);

		const res = await api('member').op('replace_media_file', { params: { id: item.id }, body: { file: files.image(200, 100, 'new.png') } });
		expect(res.status, JSON.stringify(res.body)).toBe(200);
		const replaced = res.body as unknown as Item;
		expect(replaced).toMatchObject({ id: item.id, title: 'kept title', description: 'kept words', privacy: 'members', author_id: item.author_id, slug: item.slug });
		expect([replaced.sizes.large!.width, replaced.sizes.large!.height]).toEqual([200, 100]);
		expect([replaced.sizes.medium!.width, replaced.sizes.medium!.height]).toEqual([200, 100]);

		const after = await stored(admin, { media_id: item.id, keys: oldKeys });
		for (const key of oldKeys) expect(after.files[key]!.exists, `old ${key}`).toBe(false);
		expect(after.files[after.item!.file]).toMatchObject({ exists: true, width: 200, height: 100 });
		expect(Object.keys(after.item!.sizes).sort()).toEqual(['large', 'medium', 'thumbnail', 'watermark']);

		const seen = await api('member2').op('get_media', { params: { id: item.id } });
		expect(seen.body).toMatchObject({ is_favorited: true, viewer_reaction: 'love' });

		// An image replaced by a document loses its sizes (files and all).
		const doc = await api('member').op('replace_media_file', { params: { id: item.id }, body: { file: files.pdf() } });
		expect(doc.status).toBe(200);
		expect(doc.body).toMatchObject({ media_type: 'document', mime_type: 'application/pdf', sizes: {} });
		const gone = await stored(admin, { media_id: item.id, keys: Object.values(after.item!.sizes).map((s) => s.key) });
		expect(Object.values(gone.files).filter((f) => f.exists).length).toBe(1); // only the PDF itself
	});

	test('goes through exactly the upload checks, and a refusal or storage failure leaves the item untouched', async ({ api }) => {
		const admin = api('admin');
		const item = await upload(api('member'));
		const before = await stored(admin, { media_id: item.id });
		const path = `/mvs/v1/media/${item.id}/replace`;
		const cases: { name: string; multipart: Record<string, unknown>; code: string; reason?: string }[] = [
			{ name: 'no file', multipart: { title: 'x' }, code: 'mvs_no_file' },
			{ name: 'zero-byte', multipart: { file: { name: 'e.png', mimeType: 'image/png', buffer: new Uint8Array() } }, code: 'mvs_no_file' },
			{ name: 'PHP renamed to .jpg', multipart: { file: files.php('shell.jpg') }, code: 'mvs_invalid_type' },
			{ name: 'double extension', multipart: { file: files.uniquePng('x.php.png') }, code: 'mvs_blocked_extension' },
			{ name: 'polyglot', multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: pngWithText('<?php echo 1;') } }, code: 'mvs_invalid_type', reason: 'embedded_code' },
		];
		for (const c of cases) {
			const res = await api('member').send({ method: 'POST', path, query: {}, multipart: c.multipart as never });
			expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(400);
			expect(res.body.code, c.name).toBe(c.code);
			if (c.reason) expect(res.body.data.reason, c.name).toBe(c.reason);
		}
		const failed = await api('member').send({ method: 'POST', path, query: {}, multipart: { file: files.uniquePng() } as never }, { 'X-MVS-Test-Storage-Fail': '3' });
		expect(failed.status).toBe(500);
		expect(failed.body.code).toBe('mvs_storage_failed');
		const written = JSON.parse(failed.headers['x-mvs-test-stored'] ?? '[]') as string[];
		expect(written.length).toBe(2);
		const after = await stored(admin, { media_id: item.id, keys: written });
		for (const key of written) expect(after.files[key]!.exists, `new ${key} left behind`).toBe(false);
		expect(after.item).toEqual(before.item);
		for (const [key, file] of Object.entries(before.files)) expect(after.files[key]).toEqual(file);
	});

	test('only the owner or an editor of others may replace; a missing item is 404', async ({ api }) => {
		const item = await upload(api('member'));
		const stranger = await api('member2').op('replace_media_file', { params: { id: item.id }, body: { file: files.uniquePng() } });
		expect(stranger.status).toBe(403);
		expect(stranger.body.code).toBe('mvs_forbidden');
		const anonymous = await api('anonymous').op('replace_media_file', { params: { id: item.id }, body: { file: files.uniquePng() } });
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.code).toBe('mvs_not_logged_in');
		const moderator = await api('moderator').op('replace_media_file', { params: { id: item.id }, body: { file: files.uniquePng() } });
		expect(moderator.status).toBe(200);
		expect(moderator.body.author_id).toBe(item.author_id);
		const missing = await api('admin').op('replace_media_file', { params: { id: 99999999 }, body: { file: files.uniquePng() } });
		expect(missing.status).toBe(404);
		expect(missing.body.code).toBe('mvs_not_found');
	});
});
