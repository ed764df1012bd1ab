/**
 * The core plugin, mvs/v1: every resource, table, schema and error it declares.
 */
import { collectResources, type PluginSpec } from '../../dsl/index.js';
import * as access from './access.js';
import * as account from './account.js';
import * as albums from './albums.js';
import * as app from './app.js';
import * as collections from './collections.js';
import * as engagement from './engagement.js';
import { coreErrors } from './errors.js';
import * as feed from './feed.js';
import * as follows from './follows.js';
import * as media from './media.js';
import * as profile from './profile.js';
import * as messaging from './messaging.js';
import * as moderation from './moderation.js';
import { moderationDesk, moderationDeskSchemas } from './moderation-desk.js';
import { commentModeration, memberModeration, moderationPeopleSchemas } from './moderation-people.js';
import * as notifications from './notifications.js';
import { overview, overviewSchemas } from './overview.js';
import * as safety from './safety.js';
import { settings, settingsSchemas } from './settings.js';
import { siteHealth, siteHealthSchemas } from './site-health.js';
import { coreSchemas } from './schemas.js';
import { accessSchemas } from './schemas-access.js';
import { activitySchemas } from './schemas-activity.js';
import { moderationSchemas } from './schemas-moderation.js';
import { profileSchemas } from './schemas-profile.js';
import { messagingSchemas } from './schemas-messaging.js';
import { peopleSchemas } from './schemas-people.js';
import * as community from './schemas-community.js';
import { socialSchemas } from './schemas-social.js';
import { coreTables } from './tables.js';
import * as tags from './tags.js';
import * as users from './users.js';

export const corePlugin: PluginSpec = {
	id: 'core',
	title: 'Media Community Service',
	dir: 'plugin-core',
	sources: ['codegen/src/api/core'],
	namespace: 'mvs/v1',
	gated: true,
	textDomain: 'media-community-service',
	resources: collectResources(
		media,
		albums,
		collections,
		engagement,
		access,
		follows,
		profile,
		users,
		safety,
		moderation,
		{ moderationDesk },
		{ commentModeration, memberModeration },
		tags,
		notifications,
		app,
		feed,
		messaging,
		account,
		{ settings },
		{ siteHealth },
		{ overview },
	),
	tables: coreTables,
	schemas: [
		...coreSchemas,
		...community.communitySchemas,
		...settingsSchemas,
		...siteHealthSchemas,
		...moderationSchemas,
		...moderationDeskSchemas,
		...overviewSchemas,
		...moderationPeopleSchemas,
		...socialSchemas,
		...activitySchemas,
		...peopleSchemas,
		...accessSchemas,
		...profileSchemas,
		...messagingSchemas,
		...notifications.notificationSchemas,
		...engagement.commentSchemas,
		...account.accountSchemas,
	],
	errors: coreErrors,
	roles: [
		{
			role: 'administrator',
			caps: [
				'upload_mvs_media',
				'edit_mvs_medias',
				'edit_others_mvs_medias',
				'delete_mvs_medias',
				'delete_others_mvs_medias',
				'moderate_mvs_media',
				'manage_mvs_access',
				'manage_mvs_settings',
			],
		},
		{
			role: 'editor',
			caps: [
				'upload_mvs_media',
				'edit_mvs_medias',
				'edit_others_mvs_medias',
				'delete_mvs_medias',
				'delete_others_mvs_medias',
				'moderate_mvs_media',
			],
		},
		{ role: 'author', caps: ['upload_mvs_media', 'edit_mvs_medias', 'delete_mvs_medias'] },
		{
			role: 'mvs_moderator',
			create: { label: 'Community Moderator', inherit: ['read'] },
			caps: [
				'upload_mvs_media',
				'edit_mvs_medias',
				'edit_others_mvs_medias',
				'delete_mvs_medias',
				'delete_others_mvs_medias',
				'moderate_mvs_media',
			],
		},
		{
			role: 'mvs_member',
			create: { label: 'Community Member', inherit: ['read'] },
			caps: ['upload_mvs_media', 'edit_mvs_medias', 'delete_mvs_medias'],
		},
	],
};
