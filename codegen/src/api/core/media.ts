/**
 * Media routes (spec section "Media").
 */
import { auth, resource, t } from '../../dsl/index.js';
import { idPath, mediaListQuery } from './common.js';
import { PRIVACY } from './values.js';

const mediaPage = { perPage: 20, max: 100, totalHeader: true, envelope: true } as const;

/** Tag names of an item (mvs_tag terms, created when missing); a comma-separated list in multipart. */
const mediaTags = t.array(t.string().min(1).max(50)).max(20).describe('Tag names; unknown names become new tags. Replaces the item\'s tags.');
/** Category of an item: the slug of an existing mvs_category term; empty clears it. */
const mediaCategory = t.slug().describe('Slug of an existing mvs_category term; an empty string clears it.');

const editMedia = auth.owner('media_owner', { own: 'edit_mvs_medias', others: 'edit_others_mvs_medias' });
const deleteMedia = auth.owner('media_owner', { own: 'delete_mvs_medias', others: 'delete_others_mvs_medias' });

export const media = resource({
	name: 'media',
	summary: 'Media items: upload, list, read, edit, delete, stream and count.',
	schema: 'MediaItem',
	typedArgs: true,
	groups: [
		{
			name: 'media_items',
			summary: 'Lists, reads, edits and deletes items.',
			service: 'MVS_Media_Items_Service',
			routes: [
				{
					name: 'list_media',
					method: 'GET',
					path: '/media',
					summary: 'List media visible to the caller.',
					auth: auth.public(),
					rateLimit: 120,
					query: mediaListQuery,
					paginate: mediaPage,
					response: { schema: 'list:MediaItem' },
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'list_my_media',
					method: 'GET',
					path: '/me/media',
					summary: "The caller's own media, including private and pending items.",
					auth: auth.user(),
					query: mediaListQuery,
					paginate: mediaPage,
					response: { schema: 'list:MediaItem' },
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'get_media',
					method: 'GET',
					path: '/media/{id}',
					summary: 'Read one media item.',
					auth: auth.publicWithPrivacy(),
					params: idPath,
					response: { schema: 'MediaItem' },
					errors: ['mvs_forbidden', 'mvs_not_found'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'get_media_group',
					method: 'GET',
					path: '/media/{id}/group',
					summary: 'Every item of the same gallery/upload group.',
					auth: auth.publicWithPrivacy(),
					params: idPath,
					response: { schema: 'list:MediaItem' },
					errors: ['mvs_forbidden', 'mvs_not_found'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'update_media',
					method: 'PUT',
					path: '/media/{id}',
					summary: 'Edit title, description or privacy.',
					auth: editMedia,
					params: idPath,
					body: {
						title: t.string().min(1).max(200),
						description: t.text().max(5000),
						privacy: t.oneOf(PRIVACY),
						group_id: t.id().requiredWhen('privacy', 'group'),
						tags: mediaTags,
						category: mediaCategory,
					},
					response: { schema: 'MediaItem' },
					errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'delete_media',
					method: 'DELETE',
					path: '/media/{id}',
					summary: 'Delete an item and its stored file.',
					auth: deleteMedia,
					params: idPath,
					response: { schema: 'Deleted' },
					errors: ['mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
			],
		},
		{
			name: 'media_uploads',
			summary: 'Stores new files: an upload, or new bytes under an existing item.',
			service: 'MVS_Media_Upload_Service',
			routes: [
				{
					name: 'create_media',
					method: 'POST',
					path: '/media',
					summary: 'Upload a media item.',
					auth: auth.cap('upload_mvs_media', 'manage_options'),
					// Uploads cost CPU (image sizes) and disk: about one a second per member (docs/security.md).
					rateLimit: 60,
					multipart: {
						file: t.file('image/*', 'video/*', 'audio/*', 'application/pdf').required(),
						title: t.string().max(200).describe('Defaults to the file name.'),
						description: t.text().max(5000),
						privacy: t.oneOf(PRIVACY).describe('Defaults to the site setting.'),
						group_id: t.id().requiredWhen('privacy', 'group').describe('Community group; required when privacy is group.'),
						album_id: t.id().describe('Add to this album after upload.'),
						is_story: t.bool().default(false),
						tags: mediaTags,
						category: mediaCategory,
						upload_group: t
							.key()
							.min(8)
							.max(64)
							.describe('Client token shared by the items of one gallery upload; items sent with the same token by the same uploader form one group.'),
					},
					response: {
						status: 201,
						schema: 'MediaItem',
						location: '/media/{id}',
						headers: { 'X-MVS-Duplicate-Of': 'Sent when the uploader already has an item with the same bytes: that item\'s ID.' },
					},
					errors: ['mvs_no_file', 'mvs_invalid_type', 'mvs_file_too_large', 'mvs_image_too_large', 'mvs_blocked_extension', 'mvs_duplicate', 'mvs_quota_exceeded', 'mvs_upload_refused', 'mvs_storage_failed', 'mvs_invalid_param'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'replace_media_file',
					method: 'POST',
					path: '/media/{id}/replace',
					summary: 'Replace the file; id, comments, reactions and stats are kept.',
					auth: editMedia,
					rateLimit: 30,
					params: idPath,
					multipart: { file: t.file('image/*', 'video/*', 'audio/*', 'application/pdf').required() },
					response: { schema: 'MediaItem' },
					errors: ['mvs_no_file', 'mvs_invalid_type', 'mvs_file_too_large', 'mvs_image_too_large', 'mvs_blocked_extension', 'mvs_quota_exceeded', 'mvs_upload_refused', 'mvs_storage_failed', 'mvs_not_found'],
					since: '1.0.0',
					implemented: true,
				},
			],
		},
		{
			name: 'media_activity',
			summary: 'Counts views, downloads and shares; answers stats, access and signed URLs.',
			service: 'MVS_Media_Activity',
			routes: [
				{
					name: 'record_media_view',
					method: 'POST',
					path: '/media/{id}/view',
					summary: 'Count a view.',
					auth: auth.publicWithPrivacy(),
					params: idPath,
					headers: { user_agent: 'Anonymous viewers are counted once per window by a salted hash of address and User-Agent, never stored as sent.' },
					response: { schema: 'MediaStats' },
					errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_storage_failed'],
					// A feed scrolled quickly views many items; repeats count nothing anyway (MVS_Event_Marks).
					rateLimit: { perMinute: 120, perAddress: 600 },
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'record_media_download',
					method: 'POST',
					path: '/media/{id}/download',
					summary: 'Count a download; 403 when downloads are off.',
					auth: auth.publicWithPrivacy(),
					rateLimit: 30,
					params: idPath,
					response: { schema: 'MediaStats' },
					errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'record_media_share',
					method: 'POST',
					path: '/media/{id}/share',
					summary: 'Count a share.',
					auth: auth.publicWithPrivacy(),
					rateLimit: 60,
					params: idPath,
					response: { schema: 'MediaStats' },
					errors: ['mvs_forbidden', 'mvs_not_found', 'mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'get_media_stats',
					method: 'GET',
					path: '/media/{id}/stats',
					summary: 'Views, reactions, comments, downloads and shares.',
					auth: auth.publicWithPrivacy(),
					params: idPath,
					response: { schema: 'MediaStats' },
					errors: ['mvs_forbidden', 'mvs_not_found'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'get_my_stats',
					method: 'GET',
					path: '/me/stats',
					summary: "Aggregate stats across the caller's media.",
					auth: auth.user(),
					response: { schema: 'MediaStats' },
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'get_media_access',
					method: 'GET',
					path: '/media/{id}/access',
					summary: 'Access decision for the caller.',
					auth: auth.publicWithPrivacy(),
					params: idPath,
					response: { schema: 'AccessDecision' },
					errors: ['mvs_forbidden', 'mvs_not_found'],
					since: '1.0.0',
					implemented: true,
				},
				{
					name: 'get_media_signed_url',
					method: 'GET',
					path: '/media/{id}/signed-url',
					summary: 'A time-limited signed URL to /serve.',
					auth: auth.user(),
					params: idPath,
					query: {
						download: t.bool().default(false).describe('Sign an attachment (download) URL.'),
						ttl: t.int().range(60, 86400).describe('Lifetime in seconds, overriding the default; capped by the signed_url_max_ttl setting.'),
						size: t.enum('large', 'medium', 'thumbnail', 'watermark').describe('Sign a URL to this image size instead of the original.'),
					},
					response: { schema: 'SignedUrl' },
					errors: ['mvs_forbidden', 'mvs_not_found'],
					since: '1.0.0',
					implemented: true,
				},
			],
		},
		{
			name: 'media_delivery',
			summary: 'Delivers the file of a signed URL.',
			service: 'MVS_File_Server',
			routes: [
				{
					name: 'serve_media_file',
					method: 'GET',
					path: '/serve',
					summary: 'Stream a file; the signature is the credential.',
					auth: auth.public(),
					query: {
						// One spelling per number: each other one would be another cache key for the same file.
						mvs_id: t.id().canonical().required().describe('Media item the URL was signed for.'),
						mvs_uid: t.int().min(0).canonical().required().describe('User the URL was signed for (0: anonymous); their access is re-checked.'),
						mvs_exp: t.int().min(0).canonical().required().describe('Expiry, a Unix time.'),
						mvs_sig: t.string().max(128).required().describe('Signature over the other mvs_ parameters.'),
						mvs_size: t.enum('large', 'medium', 'thumbnail', 'watermark').describe('Image size to send instead of the original.'),
						mvs_dl: t.enum('0', '1').describe('1: send as an attachment and count a download.'),
						mvs_att: t.enum('1').describe('1: mvs_id names a message attachment (POST /messages/upload), served to its conversation\'s participants only.'),
					},
					// Conditional and Range requests (RFC 9110 13 and 14); see docs/file-delivery.md.
					headers: {
						range: 'One byte range to send (bytes=first-last, first- or -suffix); several ranges or another syntax get the whole file.',
						if_range: 'Honour Range only while the file still has this ETag or Last-Modified.',
						if_none_match: 'ETags of a cached copy: 304 when one matches (wins over If-Modified-Since).',
						if_modified_since: 'Date of a cached copy: 304 when the file has not changed since.',
					},
					// A HEAD is neither a download nor its start: it is not counted.
					headAware: true,
					response: {
						note: 'File stream; honours Range.',
						file: true,
						// Not sent when the web server delivers the file (offload): it answers validators and ranges itself.
						headers: {
							ETag: 'Strong validator of the bytes.',
							'Last-Modified': 'When the file last changed.',
							'Accept-Ranges': '`bytes`.',
							'Content-Disposition': 'inline, or attachment (with mvs_dl=1, and for anything that is not media) with the file name.',
							'Cache-Control': 'public with a max-age while the item is public, else private, no-store.',
						},
					},
					errors: ['mvs_signature_invalid', 'mvs_signature_expired', 'mvs_forbidden', 'mvs_not_found', 'mvs_range_not_satisfiable'],
					since: '1.0.0',
					implemented: true,
				},
			],
		},
		{
			name: 'media_bulk',
			summary: 'Applies one action to many items, all or nothing.',
			service: 'MVS_Media_Bulk',
			routes: [
				{
					name: 'bulk_media',
					method: 'POST',
					path: '/media/bulk',
					summary: 'Delete, move or change privacy of up to 100 items.',
					// Per-action capability: the gate lets in anyone holding one of the
					// media capabilities; each item is then checked against the action's
					// own/others capability by the handler.
					auth: auth.cap('edit_mvs_medias', 'delete_mvs_medias', 'edit_others_mvs_medias', 'delete_others_mvs_medias'),
					rateLimit: 10,
					body: {
						action: t.enum('delete', 'move_to_album', 'change_privacy').required(),
						media_ids: t.ids().max(100).requiredOr('mvs_no_ids'),
						album_id: t.id().requiredWhen('action', 'move_to_album'),
						privacy: t.oneOf(PRIVACY).requiredWhen('action', 'change_privacy'),
					},
					response: { schema: 'BulkResult' },
					errors: ['mvs_no_ids', 'mvs_forbidden', 'mvs_invalid_param', 'mvs_not_found', 'mvs_storage_failed'],
					since: '1.0.0',
					implemented: true,
				},
			],
		},
	],
});
