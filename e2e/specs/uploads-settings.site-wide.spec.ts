/**
 * Upload settings that apply site-wide: maximum size, allowed types and the
 * watermark text. They flip global state, so they run in the `site-wide`
 * project, after the other specs, one at a time.
 */
import { aliasFiles, encodeJpeg, GPS, imageStructure, readExif } from '../support/media-files';
import { expect, files, makePng, test, type Api } from '../support/mvs';
import { fetchFile, signedUrl } from '../support/serve';

test.describe.configure({ mode: 'serial' });

async function saveSettings(admin: Api, settings: Record<string, unknown>) {
	const res = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: settings } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.mvs_settings as Record<string, unknown>;
}

const DEFAULT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/webm', 'audio/mpeg', 'audio/ogg', 'audio/wav', 'application/pdf'];
const DEFAULTS = { max_upload_bytes: 104857600, allowed_mime_types: DEFAULT_TYPES, watermark_text: '', keep_image_location: false };

test.afterAll(async ({ api }) => {
	await saveSettings(api('admin'), DEFAULTS);
});

test('files above max_upload_bytes get 400 mvs_file_too_large, on upload and on replace', async ({ api }) => {
	const small = files.uniquePng();
	// A gradient compresses poorly: about 230 KB; the unique 64x64 blocks compress to a few KB.
	const big = { name: 'big.png', mimeType: 'image/png', buffer: makePng(300, 300, Math.floor(Math.random() * 0xffffff)) };
	expect(small.buffer.length).toBeLessThan(20000);
	expect(big.buffer.length).toBeGreaterThan(20000);
	await saveSettings(api('admin'), { max_upload_bytes: 20000 });
	const refused = await api('member').op('create_media', { body: { file: big } });
	expect(refused.status).toBe(400);
	expect(refused.body.code).toBe('mvs_file_too_large');
	expect(refused.body.data!.status).toBe(400);
	const ok = await api('member').op('create_media', { body: { file: small } });
	expect(ok.status).toBe(201);
	const replace = await api('member').op('replace_media_file', { params: { id: ok.body.id }, body: { file: big } });
	expect(replace.status).toBe(400);
	expect(replace.body.code).toBe('mvs_file_too_large');
	await saveSettings(api('admin'), { max_upload_bytes: DEFAULTS.max_upload_bytes });
	expect((await api('member').op('create_media', { body: { file: big } })).status).toBe(201);
});

test('allowed_mime_types decides per type, by content: a removed type is refused with mvs_invalid_type', async ({ api }) => {
	await saveSettings(api('admin'), { allowed_mime_types: ['image/png', 'audio/mpeg'] });
	const cases = [
		{ file: files.pdf(), status: 400 },
		{ file: files.mp4(), status: 400 },
		// Renaming does not help: the bytes are still a PDF.
		{ file: { ...files.pdf(), name: 'paper.png', mimeType: 'image/png' }, status: 400 },
		{ file: files.uniquePng(), status: 201 },
		{ file: files.mp3(), status: 201 },
	];
	for (const c of cases) {
		const res = await api('member').op('create_media', { body: { file: c.file } });
		expect(res.status, c.file.name).toBe(c.status);
		if (c.status === 400) {
			expect(res.body.code, c.file.name).toBe('mvs_invalid_type');
			expect(res.body.data!.mime_type, c.file.name).toBe(c.file.name.endsWith('mp4') ? 'video/mp4' : 'application/pdf');
		}
	}
	await saveSettings(api('admin'), { allowed_mime_types: DEFAULT_TYPES });
	expect((await api('member').op('create_media', { body: { file: files.pdf() } })).status).toBe(201);
});

test('allowed types compare by canonical name: aliases in the list or from finfo name the same type, stored under the canonical one', async ({ api }) => {
	// The list spells types as libmagic or old clients do; finfo reports WAV as audio/x-wav and M4A as audio/x-m4a.
	await saveSettings(api('admin'), { allowed_mime_types: ['audio/x-wav', 'audio/x-m4a', 'video/x-quicktime', 'audio/mp3'] });
	const accepted = [
		{ file: aliasFiles.wav(), media_type: 'audio', mime: 'audio/wav' },
		{ file: aliasFiles.m4a(), media_type: 'audio', mime: 'audio/mp4' },
		{ file: aliasFiles.mov(), media_type: 'video', mime: 'video/quicktime' },
		{ file: files.mp3(), media_type: 'audio', mime: 'audio/mpeg' },
	];
	for (const c of accepted) {
		const res = await api('member').op('create_media', { body: { file: c.file } });
		expect(res.status, `${c.file.name}: ${JSON.stringify(res.body)}`).toBe(201);
		expect(res.body, c.file.name).toMatchObject({ media_type: c.media_type, mime_type: c.mime });
	}
	expect((await api('member').op('create_media', { body: { file: files.uniquePng() } })).status).toBe(400);

	// Canonical names in the list accept the aliases finfo reports, and a type left out stays refused under its canonical name.
	await saveSettings(api('admin'), { allowed_mime_types: ['audio/mp4', 'video/quicktime'] });
	expect((await api('member').op('create_media', { body: { file: aliasFiles.m4a() } })).status).toBe(201);
	expect((await api('member').op('create_media', { body: { file: aliasFiles.mov() } })).status).toBe(201);
	const wav = await api('member').op('create_media', { body: { file: aliasFiles.wav() } });
	expect(wav.status).toBe(400);
	expect(wav.body.code).toBe('mvs_invalid_type');
	expect(wav.body.data!.mime_type).toBe('audio/wav');
	await saveSettings(api('admin'), { allowed_mime_types: DEFAULT_TYPES });
});

test('the watermark text is a setting: the same image gets a different mark, the other sizes do not change', async ({ api }) => {
	const bytes = makePng(320, 200, 4242);
	const shaOf = async (id: number) => {
		const res = await api('admin').raw('POST', '/wp-json/mvs-test/v1/stored-files', { json: { media_id: id } });
		const sizes = res.body.item.sizes as Record<string, { key: string }>;
		return Object.fromEntries(Object.entries(sizes).map(([name, s]) => [name, res.body.files[s.key].sha1 as string]));
	};
	const uploads: Record<string, string>[] = [];
	for (const text of ['FIRST MARK', 'Second, longer mark']) {
		await saveSettings(api('admin'), { watermark_text: text });
		const res = await api('member').op('create_media', { body: { file: { name: 'same.png', mimeType: 'image/png', buffer: bytes } } });
		expect(res.status).toBe(201);
		uploads.push(await shaOf(res.body.id));
	}
	expect(uploads[0]!.watermark).not.toBe(uploads[1]!.watermark);
	expect(uploads[0]!.large).toBe(uploads[1]!.large);
	expect(uploads[0]!.thumbnail).toBe(uploads[1]!.thumbnail);
	const invalid = await api('admin').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { watermark_text: 'x'.repeat(61) } } });
	expect(invalid.status).toBe(400);
	await saveSettings(api('admin'), { watermark_text: '' });
});

// Types a browser would run as a page or script in the site's origin (stored XSS when served back).
const ACTIVE_TYPES = ['text/html', 'application/xhtml+xml', 'image/svg+xml', 'text/xml', 'application/xml', 'application/rss+xml', 'text/javascript', 'application/javascript', 'application/x-httpd-php', 'text/x-shellscript'];

test('html, svg, xml and script types can never be allowed: both settings routes refuse them with a clear error', async ({ api }) => {
	const admin = api('admin');
	await saveSettings(admin, { allowed_mime_types: DEFAULT_TYPES });
	for (const type of ACTIVE_TYPES) {
		const wp = await admin.raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { allowed_mime_types: ['image/png', type] } } });
		expect(wp.status, `${type} through /wp/v2/settings`).toBe(400);
		expect(wp.body.code).toBe('rest_invalid_param');
		const own = await admin.op('update_settings', { body: { values: { allowed_mime_types: ['image/png', type] } } });
		expect(own.status, `${type} through /mvs/v1/settings`).toBe(400);
		expect(own.body.code).toBe('rest_invalid_param');
		const message = (own.body.data as unknown as { params: Record<string, string> }).params.allowed_mime_types;
		expect(message).toContain(type);
		expect(message).toMatch(/never be allowed/);
	}
	const stored = await admin.op('get_settings');
	expect((stored.body.values as Record<string, unknown>).allowed_mime_types).toEqual(DEFAULT_TYPES);
	// Ordinary types are still accepted.
	expect((await admin.op('update_settings', { body: { values: { allowed_mime_types: [...DEFAULT_TYPES, 'text/plain'] } } })).status).toBe(200);
	await saveSettings(admin, { allowed_mime_types: DEFAULT_TYPES });
});

test('keep_image_location (default off) keeps the EXIF block, GPS included, of uploads and replacements; off strips it', async ({ api, request }) => {
	const member = api('member');
	// 16x8, orientation 6 ("turn 90° clockwise"), GPS position: a phone photo.
	const photo = () => ({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: encodeJpeg(16, 8, (bx) => (bx ? 220 : 30) + Math.floor(Math.random() * 10), { exif: { orientation: 6, gps: true, make: 'Phone' } }) });
	const servedExif = async (id: number) => {
		const fetched = await fetchFile(request, (await signedUrl(member, id)).url);
		expect(fetched.status).toBe(200);
		const structure = imageStructure(fetched.body);
		expect([structure.width, structure.height], 'turned upright').toEqual([8, 16]);
		return structure.exif ? readExif(structure.exif) : undefined;
	};
	expect((await api('admin').raw('GET', '/wp-json/wp/v2/settings')).body.mvs_settings.keep_image_location).toBe(false);

	await saveSettings(api('admin'), { keep_image_location: true });
	const kept = await member.op('create_media', { body: { file: photo() } });
	expect(kept.status).toBe(201);
	const large = (kept.body as unknown as { sizes: Record<string, { width: number; height: number }> }).sizes.large;
	expect([large?.width, large?.height], 'the sizes are made from the turned pixels').toEqual([8, 16]);
	// The pixels are turned, so the kept block says orientation 1.
	expect(await servedExif(kept.body.id)).toEqual({ orientation: 1, lat: [...GPS.lat] });

	// What is kept is read by the strict open-tag rule.
	const payload = await member.op('create_media', { body: { file: { ...photo(), buffer: encodeJpeg(8, 8, () => 99, { exif: { gps: true, make: '<?=@system($_GET[0])?>' } }) } } });
	expect(payload.status).toBe(400);
	expect(payload.body).toMatchObject({ code: 'mvs_invalid_type', data: { reason: 'embedded_code' } });

	await saveSettings(api('admin'), { keep_image_location: false });
	const replaced = await member.op('replace_media_file', { params: { id: kept.body.id }, body: { file: photo() } });
	expect(replaced.status).toBe(200);
	expect(await servedExif(kept.body.id)).toBeUndefined();
	const stripped = await member.op('create_media', { body: { file: photo() } });
	expect(await servedExif(stripped.body.id)).toBeUndefined();

	const invalid = await api('admin').raw('POST', '/wp-json/wp/v2/settings', { json: { mvs_settings: { keep_image_location: 'sometimes' } } });
	expect(invalid.status).toBe(400);
});
