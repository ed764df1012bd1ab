<?php
/**
 * Declared settings of privacy, moderation, AI analysis, accounts, comments
 * and the native apps' appearance.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Setting declarations: JSON Schema (type, range, enum, default) plus the
 * translated title, description and option labels the settings screen shows.
 * MVS_Settings_Registry assembles them into sections.
 */
final class MVS_Settings_Community_Fields {

	/**
	 * Privacy defaults, the private-community switch and who may message whom.
	 *
	 * @return array
	 */
	public function privacy_fields(): array {
		return array(
			'default_privacy'      => array(
				'title'       => __( 'Default privacy', 'media-community-service' ),
				'description' => __( 'Privacy of a new upload when the uploader does not choose one.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => MVS_Core_Enums::UNGROUPED_PRIVACY,
				'labels'      => array(
					'public'  => __( 'Public: everyone, visitors included', 'media-community-service' ),
					'members' => __( 'Members: logged-in users only', 'media-community-service' ),
					'private' => __( 'Private: the uploader only', 'media-community-service' ),
				),
				'default'     => 'public',
			),
			'private_community'    => array(
				'title'       => __( 'Private community', 'media-community-service' ),
				'description' => __( 'Only logged-in members can see anything, in the apps too; visitors see nothing.', 'media-community-service' ),
				'details'     => __( 'Visitors get 401 mvs_community_private on every route of the mvs/v1 and mvs-pro/v1 namespaces, public reads and the app configuration included.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'dm_access'            => array(
				'title'       => __( 'Direct messages', 'media-community-service' ),
				'description' => __( 'Who may start a conversation with a member. A conversation from someone the member does not follow arrives as a message request.', 'media-community-service' ),
				'details'     => __( 'Under "followers" other senders are refused; "nobody" turns messaging off (every messaging route answers 403).', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'everyone', 'members', 'followers', 'nobody' ),
				'labels'      => array(
					'everyone'  => __( 'Everyone', 'media-community-service' ),
					'members'   => __( 'Logged-in members', 'media-community-service' ),
					'followers' => __( 'Only members the recipient follows', 'media-community-service' ),
					'nobody'    => __( 'Nobody (messages off)', 'media-community-service' ),
				),
				'default'     => 'members',
			),
			'message_poll_seconds' => array(
				'title'       => __( 'Wait for new messages', 'media-community-service' ),
				'description' => __( 'How long the apps wait on the server for a new message before asking again: longer feels more instant, shorter uses less of the server. 0 suits small hosts.', 'media-community-service' ),
				'details'     => __( 'Longest hold of GET /messages/poll; each waiting poll holds one PHP worker that long. With 0 it answers at once and the apps ask again every few seconds.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'seconds',
				'minimum'     => 0,
				'maximum'     => 50,
				'default'     => 25,
			),
		);
	}

	/**
	 * Moderation hold and report threshold.
	 *
	 * @return array
	 */
	public function moderation_fields(): array {
		return array(
			'moderation_hold'       => array(
				'title'       => __( 'Hold uploads for moderation', 'media-community-service' ),
				'description' => __( 'New uploads stay pending, visible only to their owner and moderators, until approved.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'report_threshold'      => array(
				'title'       => __( 'Report threshold', 'media-community-service' ),
				'description' => __( 'Open reports after which an item is flagged for moderators.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 100,
				'default'     => 3,
			),
			'moderation_hold_roles' => array(
				'title'       => __( 'Roles held for moderation', 'media-community-service' ),
				'description' => __( 'When holding uploads, hold only those of members with one of these roles. Empty holds everyone except moderators.', 'media-community-service' ),
				'details'     => __( 'Role slugs, e.g. mvs_member.', 'media-community-service' ),
				'type'        => 'array',
				'items'       => array(
					'type'    => 'string',
					'pattern' => '^[a-z0-9_-]+$',
				),
				'default'     => array(),
			),
		);
	}

	/**
	 * AI analysis provider and budget.
	 *
	 * @return array
	 */
	public function ai_fields(): array {
		return array(
			'ai_provider'         => array(
				'title'       => __( 'AI provider', 'media-community-service' ),
				'description' => __( 'Local analysis runs on this server and sends nothing elsewhere. An OpenAI-compatible service analyses the files on its own servers.', 'media-community-service' ),
				'details'     => __( 'local: GD image statistics and title tokens, offline. openai: an OpenAI-compatible chat-completions endpoint.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'local', 'openai' ),
				'labels'      => array(
					'local'  => __( 'Local analysis on this server (offline)', 'media-community-service' ),
					'openai' => __( 'OpenAI-compatible HTTP API', 'media-community-service' ),
				),
				'default'     => 'local',
			),
			'ai_endpoint'         => array(
				'title'        => __( 'AI service address', 'media-community-service' ),
				'description'  => __( 'The address of the AI service, given by your provider.', 'media-community-service' ),
				'details'      => __( 'Full URL of the chat-completions endpoint, e.g. https://api.openai.com/v1/chat/completions: https on a public host (MVS_AI_ALLOW_PRIVATE_ENDPOINTS in wp-config.php also allows http and private hosts, e.g. a local model server). Moving it to another host clears the stored API key.', 'media-community-service' ),
				'type'         => 'string',
				'applies_when' => array( 'ai_provider' => array( 'openai' ) ),
				'format'       => 'uri',
				'default'      => 'https://api.openai.com/v1/chat/completions',
			),
			'ai_model'            => array(
				'title'        => __( 'AI model', 'media-community-service' ),
				'description'  => __( 'The name of the model to use, given by your provider.', 'media-community-service' ),
				'type'         => 'string',
				'applies_when' => array( 'ai_provider' => array( 'openai' ) ),
				'pattern'      => '^[A-Za-z0-9._:/-]{1,100}$',
				'default'      => 'gpt-4o-mini',
			),
			'ai_api_key'          => array(
				'title'        => __( 'AI API key', 'media-community-service' ),
				'description'  => __( 'The secret key from your AI provider. Once saved it is never shown again.', 'media-community-service' ),
				'details'      => __( 'Stored apart from the other settings; /wp/v2/settings shows only a masked form, this screen not even that. Cleared when the service address moves to another host.', 'media-community-service' ),
				'type'         => 'string',
				'write_only'   => true,
				'applies_when' => array( 'ai_provider' => array( 'openai' ) ),
				'maxLength'    => 500,
				'default'      => '',
			),
			'ai_monthly_budget'   => array(
				'title'       => __( 'Analyses per month', 'media-community-service' ),
				'description' => __( 'How many analyses may run each month, all providers together. 0 turns analysis off.', 'media-community-service' ),
				'details'     => __( 'Calendar months in UTC; further requests are refused with mvs_ai_budget_exceeded.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 1000000,
				'default'     => 500,
			),
			'ai_local_flags'      => array(
				'title'        => __( 'Let the colour measure flag items', 'media-community-service' ),
				'description'  => __( 'Local analysis measures the share of skin-toned pixels; sand, wood and sunsets score high too. It is shown to moderators as a measure and flags nothing unless this is on.', 'media-community-service' ),
				'type'         => 'boolean',
				'applies_when' => array( 'ai_provider' => array( 'local' ) ),
				'default'      => false,
			),
			'ai_safety_threshold' => array(
				'title'       => __( 'AI safety threshold', 'media-community-service' ),
				'description' => __( 'Items an AI service scores at or above this, from 0 (harmless) to 1 (unsafe), are flagged for moderators (with local analysis, only when the colour measure may flag).', 'media-community-service' ),
				'type'        => 'number',
				'minimum'     => 0,
				'maximum'     => 1,
				'default'     => 0.6,
			),
		);
	}

	/**
	 * Account life cycle.
	 *
	 * @return array
	 */
	public function account_fields(): array {
		return array(
			'deletion_grace_days'        => array(
				'title'       => __( 'Wait before deleting an account', 'media-community-service' ),
				'description' => __( 'Time between a member asking to delete their account and the deletion of their account and content. 0 deletes at once.', 'media-community-service' ),
				'details'     => __( 'Requests come through DELETE /me; 0 deletes at the next WP-Cron run. Filter: mvs_account_deletion_grace_days.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'days',
				'minimum'     => 0,
				'maximum'     => 365,
				'default'     => 30,
			),
			'deletion_password_required' => array(
				'title'       => __( 'Password to delete an account', 'media-community-service' ),
				'description' => __( 'Members enter their password again to ask for their account to be deleted.', 'media-community-service' ),
				'details'     => __( 'Applies to DELETE /me. Filter: mvs_account_deletion_password_required.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => true,
			),
			'suggestions_cache_minutes'  => array(
				'title'       => __( 'Refresh of suggested members', 'media-community-service' ),
				'description' => __( 'How long the members suggested to follow are kept before they are worked out again. Following, unfollowing or blocking someone refreshes them at once.', 'media-community-service' ),
				'details'     => __( 'Filter: mvs_suggestions_cache_ttl (seconds).', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'minutes',
				'minimum'     => 0,
				'maximum'     => 1440,
				'default'     => 60,
			),
		);
	}

	/**
	 * How long authors may edit their comments.
	 *
	 * @return array
	 */
	public function comment_fields(): array {
		return array(
			'comment_edit_minutes' => array(
				'title'       => __( 'Comment edit window', 'media-community-service' ),
				'description' => __( 'How long after posting authors may edit their own comment. Moderators may edit and delete any comment at any time; authors may delete theirs at any time. 0: authors cannot edit.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'minutes',
				'minimum'     => 0,
				'maximum'     => 10080,
				'default'     => 15,
			),
		);
	}

	/**
	 * Appearance of the native apps, answered by GET /app/config. An empty
	 * string means "none" and is answered as null (docs/native-app.md).
	 *
	 * @return array
	 */
	public function app_fields(): array {
		$url = array(
			'type'      => 'string',
			'pattern'   => '^(https?://[^\\s<>"\']+)?$',
			'maxLength' => 2000,
			'default'   => '',
		);
		return array(
			'app_password_login'    => array(
				'title'       => __( 'Sign-in from the apps', 'media-community-service' ),
				'description' => __( 'Members sign in to the apps with their user name or e-mail and password. Off: the apps can still connect through WordPress\'s own "Authorize Application" screen.', 'media-community-service' ),
				'details'     => __( 'The apps get an application password (POST /mvs/v1/auth/app-password). Filter: mvs_app_password_login_enabled.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => true,
			),
			'app_accent_color'      => array(
				'title'       => __( 'Accent colour', 'media-community-service' ),
				'description' => __( 'Colour of buttons and highlights in the apps, as #rrggbb (e.g. #3366cc). Empty: the apps use their own.', 'media-community-service' ),
				'type'        => 'string',
				'pattern'     => '^(#[0-9a-fA-F]{6})?$',
				'default'     => '',
			),
			'app_logo_url'          => array_merge(
				$url,
				array(
					'title'       => __( 'App logo URL', 'media-community-service' ),
					'description' => __( 'Address of the logo the apps show (http or https), e.g. copied from the Media Library. Empty: no logo.', 'media-community-service' ),
				)
			),
			'app_login_bg_url'      => array_merge(
				$url,
				array(
					'title'       => __( 'App login background URL', 'media-community-service' ),
					'description' => __( 'Address of the image behind the apps\' login screen (http or https). Empty: none.', 'media-community-service' ),
				)
			),
			'app_dark_mode_default' => array(
				'title'       => __( 'Dark mode by default', 'media-community-service' ),
				'description' => __( 'The apps start in dark mode until the member chooses otherwise.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'app_layout'            => array(
				'title'       => __( 'App layout', 'media-community-service' ),
				'description' => __( 'How the apps lay out media lists.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => MVS_Core_Enums::APP_LAYOUT,
				'labels'      => array(
					'grid'    => __( 'Grid of equal squares', 'media-community-service' ),
					'list'    => __( 'List, one item a row', 'media-community-service' ),
					'masonry' => __( 'Masonry: columns of uncropped items', 'media-community-service' ),
				),
				'default'     => 'grid',
			),
		);
	}
}
