/**
 * Tag routes (spec section "Tags"). Tags are terms of taxonomy mvs_tag.
 */
import { auth, resource, t } from '../../dsl/index.js';
import { idPath } from './common.js';

/** WordPress's term name and slug columns are varchar(200) (docs/albums-and-tags.md, "Length"). */
const tagNameMax = 200;
const tagNameText = 'At most 200 characters, as stored: WordPress stores &, < and > as entities (&amp;, &lt;, &gt;), which count at their stored length.';

export const tags = resource({
	name: 'tags',
	service: 'MVS_Tags_Service',
	typedArgs: true,
	summary: 'Media tags (mvs_tag terms): list, cloud, create, merge, rename, delete.',
	routes: [
		{
			name: 'list_tags',
			method: 'GET',
			path: '/tags',
			summary: 'List tags.',
			auth: auth.public(),
			query: {
				search: t.string().describe('Only tags whose name matches.'),
				orderby: t.enum('name', 'count').default('name'),
			},
			paginate: { perPage: 20, max: 100, totalHeader: true },
			response: { schema: 'list:Tag', note: 'Tag terms; shape not shown in the spec.' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'create_tag',
			method: 'POST',
			path: '/tags',
			summary: 'Create a tag.',
			auth: auth.cap('upload_mvs_media'),
			body: {
				name: t.string().min(1).max(tagNameMax).required().describe(tagNameText),
				slug: t.slug().max(tagNameMax).describe('Default: made from the name. At most 200 characters (WordPress\'s term slug column).'),
			},
			response: { status: 201, schema: 'Tag', note: 'The tag term; shape not shown in the spec.' },
			errors: ['mvs_term_exists', 'mvs_invalid_param'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'get_tag_cloud',
			method: 'GET',
			path: '/tags/cloud',
			summary: 'Tags with their usage counts.',
			auth: auth.public(),
			query: {
				limit: t.int().default(50).range(1, 200),
			},
			response: { schema: 'list:Tag', note: 'Tag cloud entries with usage counts; shape not shown in the spec.' },
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'merge_tags',
			method: 'POST',
			path: '/tags/merge',
			summary: 'Re-tag media from the source tag to the target and delete the source.',
			auth: auth.cap('moderate_mvs_media'),
			body: {
				source_id: t.id().required().describe('Tag to merge away (deleted).'),
				target_id: t.id().required().describe('Tag that receives the media.'),
			},
			response: { schema: 'TagMerge' },
			errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'update_tag',
			method: 'PUT',
			path: '/tags/{id}',
			summary: 'Rename a tag.',
			auth: auth.cap('manage_options'),
			params: idPath,
			body: {
				name: t.string().min(1).max(tagNameMax).required().describe(tagNameText),
			},
			response: { schema: 'Tag', note: 'The tag term; shape not shown in the spec.' },
			errors: ['mvs_not_found', 'mvs_invalid_param', 'mvs_term_exists'],
			since: '1.0.0',
			implemented: true,
		},
		{
			name: 'delete_tag',
			method: 'DELETE',
			path: '/tags/{id}',
			summary: 'Delete a tag.',
			auth: auth.cap('manage_options'),
			params: idPath,
			response: { schema: 'Deleted' },
			errors: ['mvs_storage_failed'],
			since: '1.0.0',
			implemented: true,
		},
	],
});
