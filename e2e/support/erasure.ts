/**
 * Helpers of the account erasure and deletion specs: the rows of the
 * erasure plan that still name a member (harness), and the storage keys of
 * an item's files and whether they are on disk.
 */
import { expect, type Api } from './mvs';

/** Rows per `table.column` of the erasure plan that name the user. */
export async function erasureRows(admin: Api, userId: number): Promise<Record<string, number>> {
	const res = await admin.raw('GET', '/wp-json/mvs-test/v1/erasure-rows', { query: { user_id: String(userId) } });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body as Record<string, number>;
}

/** Only the columns that still name someone. */
export const naming = (rows: Record<string, number>) => Object.fromEntries(Object.entries(rows).filter(([, n]) => n > 0));

/** Storage keys (original and sizes) of an item or a message attachment, with whether each is on disk. */
export async function storedFiles(admin: Api, body: { media_id?: number; attachment_id?: number; keys?: string[] }): Promise<Record<string, { exists: boolean }>> {
	const res = await admin.raw('POST', '/wp-json/mvs-test/v1/stored-files', { json: body });
	expect(res.status, JSON.stringify(res.body)).toBe(200);
	return res.body.files as Record<string, { exists: boolean }>;
}
