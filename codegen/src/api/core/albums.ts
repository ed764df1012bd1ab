/**
 * Album routes (spec section "Albums").
 */
import { auth, resource, t } from '../../dsl/index.js';
import { idPath, mediaIdPath } from './common.js';
import { PRIVACY } from './values.js';

const albumPage = { perPage: 20, max: 100, totalHeader: true } as const;

const albumText = {
	title: 'Album title.',
	description: 'Album description (plain text).',
	privacy: "Who sees the album; 'group' is refused (albums have no group).",
} as const;

const editAlbum = auth.owner('album_owner', { own: 'edit_mvs_medias', others: 'edit_others_mvs_medias' });
const deleteAlbum = auth.owner('album_owner', { own: 'delete_mvs_medias', others: 'delete_others_mvs_medias' });

export const albums = resource({
	name: 'albums',
	summary: "Albums: ordered sets of a member's media with a cover.",
	service: 'MVS_Albums_Service',
	typedArgs: true,
	routes: [
		{
			name: 'list_albums',
			method: 'GET',
			path: '/albums',
			summary: 'List albums visible to the caller.',
			auth: auth.public(),
			query: {
				author: t.id().describe('Only albums by this author.'),
				orderby: t.enum('date', 'title', 'media_count').default('date').describe('Sort field.'),
				order: t.enum('asc', 'desc').default('desc').describe('Sort direction.'),
			},
			paginate: albumPage,
			response: { schema: 'list:Album', note: 'Album records; shape not shown in the spec (see docs/albums-and-tags.md).' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'create_album',
			method: 'POST',
			path: '/albums',
			summary: 'Create an album.',
			auth: auth.cap('upload_mvs_media'),
			body: {
				title: t.string().min(1).max(200).required().describe(albumText.title),
				description: t.text().max(5000).describe(albumText.description),
				privacy: t.oneOf(PRIVACY).describe(`${albumText.privacy} Public when left out.`),
			},
			response: { status: 201, schema: 'AlbumWithMedia', location: '/albums/{id}', note: 'The album; record shape not shown in the spec.' },
			errors: ['mvs_invalid_param', 'mvs_not_found', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_album',
			method: 'GET',
			path: '/albums/{id}',
			summary: 'Read one album with its media list; private albums are 404 to non-owners.',
			auth: auth.publicWithPrivacy(),
			params: idPath,
			response: { schema: 'AlbumWithMedia', note: 'The album with its media list; record shape not shown in the spec.' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'update_album',
			method: 'PUT',
			path: '/albums/{id}',
			summary: 'Edit title, description or privacy.',
			auth: editAlbum,
			params: idPath,
			body: {
				title: t.string().min(1).max(200).describe(albumText.title),
				description: t.text().max(5000).describe(albumText.description),
				privacy: t.oneOf(PRIVACY).describe(albumText.privacy),
			},
			response: { schema: 'AlbumWithMedia', note: 'The updated album; record shape not shown in the spec.' },
			errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'delete_album',
			method: 'DELETE',
			path: '/albums/{id}',
			summary: 'Delete the album only, not its media.',
			auth: deleteAlbum,
			params: idPath,
			response: { schema: 'Deleted' },
			errors: ['mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'reorder_album',
			method: 'PUT',
			path: '/albums/{id}/reorder',
			summary: "Set the order of the album's media.",
			auth: editAlbum,
			params: idPath,
			body: {
				order: t.ids().required().describe('Media IDs in their new order.'),
			},
			response: { schema: 'AlbumWithMedia', note: 'The album after the change.' },
			errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'add_album_items',
			method: 'POST',
			path: '/albums/{id}/items',
			summary: 'Add media items to the album.',
			auth: editAlbum,
			params: idPath,
			body: {
				media_ids: t.ids().required().describe('Media IDs to add.'),
			},
			response: { schema: 'AlbumWithMedia', note: 'The album after the change.' },
			errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'remove_album_item',
			method: 'DELETE',
			path: '/albums/{id}/items/{media_id}',
			summary: 'Remove one media item from the album.',
			auth: editAlbum,
			params: { ...idPath, ...mediaIdPath },
			response: { schema: 'AlbumItemRemoved', note: 'The album after the change.' },
			errors: ['mvs_not_found'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'set_album_cover',
			method: 'PUT',
			path: '/albums/{id}/cover',
			summary: 'Set the album cover.',
			auth: editAlbum,
			params: idPath,
			body: {
				media_id: t.id().required().describe('Media item to use as the cover.'),
			},
			response: { schema: 'AlbumWithMedia', note: 'The album after the change.' },
			errors: ['mvs_not_found', 'mvs_invalid_param'],
			since: '1.0.0',
			implemented: true,
		},
	],
});
