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
				'description' => __( 'Only logged-in users may use the API: visitors get 401 mvs_community_private on every route of the mvs/v1 and mvs-pro/v1 namespaces, public reads and the app configuration included.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'dm_access'            => array(
				'title'       => __( 'Direct messages', 'media-community-service' ),
				'description' => __( 'Who may start a conversation with a member. A conversation from someone the member does not follow opens as a message request; under "followers" it is refused. Nobody turns messaging off (every messaging route answers 403).', 'media-community-service' ),
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
				'title'       => __( 'Message long-poll hold', 'media-community-service' ),
				'description' => __( 'Longest time, in seconds, GET /messages/poll waits for a new message before answering empty. Each waiting poll holds one PHP worker that long; 0 answers at once (for small hosts: the apps then ask again every few seconds).', 'media-community-service' ),
				'type'        => 'integer',
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
				'description' => __( 'When holding uploads, hold only uploads from users with one of these roles (role slugs, e.g. mvs_member). Empty holds everyone except moderators.', 'media-community-service' ),
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
				'description' => __( 'local analyses files on this server, offline (GD image statistics and title tokens); openai calls an OpenAI-compatible chat-completions endpoint.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'local', 'openai' ),
				'labels'      => array(
					'local'  => __( 'Local analysis on this server (offline)', 'media-community-service' ),
					'openai' => __( 'OpenAI-compatible HTTP API', 'media-community-service' ),
				),
				'default'     => 'local',
			),
			'ai_endpoint'         => array(
				'title'       => __( 'AI endpoint URL', 'media-community-service' ),
				'description' => __( 'Full URL of the chat-completions endpoint, e.g. https://api.openai.com/v1/chat/completions: https on a public host (MVS_AI_ALLOW_PRIVATE_ENDPOINTS in wp-config.php also allows http and private hosts, e.g. a local model server). Moving it to another host clears the stored API key.', 'media-community-service' ),
				'type'        => 'string',
				'format'      => 'uri',
				'default'     => 'https://api.openai.com/v1/chat/completions',
			),
			'ai_model'            => array(
				'title'       => __( 'AI model', 'media-community-service' ),
				'description' => __( 'Model name sent to the endpoint.', 'media-community-service' ),
				'type'        => 'string',
				'pattern'     => '^[A-Za-z0-9._:/-]{1,100}$',
				'default'     => 'gpt-4o-mini',
			),
			'ai_api_key'          => array(
				'title'       => __( 'AI API key', 'media-community-service' ),
				'description' => __( 'Secret key for the endpoint. Write-only: it is stored apart from the other settings and only a masked form is ever shown. Send an empty string to remove it.', 'media-community-service' ),
				'type'        => 'string',
				'maxLength'   => 500,
				'default'     => '',
			),
			'ai_monthly_budget'   => array(
				'title'       => __( 'Monthly AI budget (analyses)', 'media-community-service' ),
				'description' => __( 'Analyses allowed per calendar month (UTC), all providers together; further requests are refused with mvs_ai_budget_exceeded. 0 disables analysis.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 1000000,
				'default'     => 500,
			),
			'ai_safety_threshold' => array(
				'title'       => __( 'AI safety threshold', 'media-community-service' ),
				'description' => __( 'Safety scores (0 to 1) at or above this value flag the item for moderators.', 'media-community-service' ),
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
				'title'       => __( 'Account deletion grace period (days)', 'media-community-service' ),
				'description' => __( 'Days between a member\'s deletion request (DELETE /me) and the deletion of their account and data; 0 deletes at the next WP-Cron run. Filter: mvs_account_deletion_grace_days.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 365,
				'default'     => 30,
			),
			'deletion_password_required' => array(
				'title'       => __( 'Password to delete an account', 'media-community-service' ),
				'description' => __( 'Members re-enter their password to ask for their account to be deleted (DELETE /me). Filter: mvs_account_deletion_password_required.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => true,
			),
			'suggestions_cache_minutes'  => array(
				'title'       => __( 'Suggested members cache (minutes)', 'media-community-service' ),
				'description' => __( 'How long the members suggested to follow are kept for each member before they are ranked again. Following, unfollowing or blocking someone ranks them again at once. Filter: mvs_suggestions_cache_ttl (seconds).', 'media-community-service' ),
				'type'        => 'integer',
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
				'title'       => __( 'Comment edit window (minutes)', 'media-community-service' ),
				'description' => __( 'How long after posting authors may edit their own comment. Moderators may edit and delete any comment at any time; authors may delete theirs at any time. 0: authors cannot edit.', 'media-community-service' ),
				'type'        => 'integer',
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
				'description' => __( 'Members sign in to the apps with their user name or e-mail and password, and get an application password (POST /mvs/v1/auth/app-password). Off: the apps can still connect through WordPress\'s own "Authorize Application" screen. Filter: mvs_app_password_login_enabled.', 'media-community-service' ),
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
