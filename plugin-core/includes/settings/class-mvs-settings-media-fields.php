<?php
/**
 * Declared settings of uploads and file delivery.
 *
 * @package MediaCommunityService
 */

defined( 'ABSPATH' ) || exit;

/**
 * Setting declarations of what may be uploaded and how files are delivered,
 * in the format of MVS_Settings_Community_Fields.
 */
final class MVS_Settings_Media_Fields {

	/**
	 * What may be uploaded.
	 *
	 * @return array
	 */
	public function upload_fields(): array {
		return array(
			'max_upload_bytes'    => array(
				'title'       => __( 'Largest upload', 'media-community-service' ),
				'description' => __( 'Members cannot upload files larger than this.', 'media-community-service' ),
				'details'     => __( 'Larger uploads are refused with the error code mvs_file_too_large.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'bytes',
				'minimum'     => 1024,
				'maximum'     => 4294967296,
				'default'     => 104857600,
			),
			'max_image_pixels'    => array(
				'title'       => __( 'Largest image', 'media-community-service' ),
				'description' => __( 'Images with more pixels than this are refused: the server needs memory in proportion to an image\'s size to make its thumbnails.', 'media-community-service' ),
				'details'     => __( 'Width times height, read from the image header before anything is decoded; larger images are refused with mvs_image_too_large. Decoding takes about 4 bytes of memory per pixel.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'pixels',
				'minimum'     => 1000000,
				'maximum'     => 100000000,
				'default'     => 25000000,
			),
			'allowed_mime_types'  => array(
				'title'       => __( 'Allowed file types', 'media-community-service' ),
				'description' => __( 'The kinds of files members may upload, recognised from the file itself, never from its name. Web pages, SVG, XML and scripts can never be allowed.', 'media-community-service' ),
				'details'     => __( 'MIME types, e.g. image/jpeg or video/mp4.', 'media-community-service' ),
				'type'        => 'array',
				'items'       => array(
					'type'    => 'string',
					'pattern' => MVS_Active_Content::allowed_type_pattern(),
				),
				'default'     => array(
					'image/jpeg',
					'image/png',
					'image/gif',
					'image/webp',
					'video/mp4',
					'video/webm',
					'audio/mpeg',
					'audio/ogg',
					'audio/wav',
					'application/pdf',
				),
			),
			'duplicate_action'    => array(
				'title'       => __( 'Duplicate uploads', 'media-community-service' ),
				'description' => __( 'What happens when a member uploads a file they have uploaded before.', 'media-community-service' ),
				'details'     => __( '"Refuse" answers the app with HTTP 409.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'warn', 'skip', 'allow' ),
				'labels'      => array(
					'warn'  => __( 'Accept and warn', 'media-community-service' ),
					'skip'  => __( 'Refuse', 'media-community-service' ),
					'allow' => __( 'Accept silently', 'media-community-service' ),
				),
				'default'     => 'warn',
			),
			'keep_image_location' => array(
				'title'       => __( 'Keep the location of photos', 'media-community-service' ),
				'description' => __( 'Off: the EXIF block of uploaded JPEG, PNG and WebP images, which holds the GPS position of phone photos, is removed with all other metadata. On: the EXIF block stays in the original file (GPS included) and anyone who may see the item can read where it was taken. Comments, XMP and text chunks are always removed.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => false,
			),
			'watermark_text'      => array(
				'title'       => __( 'Watermark text', 'media-community-service' ),
				'description' => __( 'Text drawn on the watermark size of every uploaded image (ASCII; other characters print as "?"). Empty uses the site\'s domain name.', 'media-community-service' ),
				'type'        => 'string',
				'maxLength'   => 60,
				'default'     => '',
			),
		);
	}

	/**
	 * Downloads and signed file URLs.
	 *
	 * @return array
	 */
	public function file_fields(): array {
		return array(
			'allow_downloads'     => array(
				'title'       => __( 'Allow downloads', 'media-community-service' ),
				'description' => __( 'When off, nobody can download the original files.', 'media-community-service' ),
				'details'     => __( 'Download routes answer 403 for every item.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => true,
			),
			'signed_url_ttl'      => array(
				'title'       => __( 'How long a file link stays valid', 'media-community-service' ),
				'description' => __( 'Links to files handed to the apps and browsers stop working after this time, unless a shorter time is asked for.', 'media-community-service' ),
				'details'     => __( 'The lifetime of signed file URLs when the client passes no ttl parameter.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'seconds',
				'minimum'     => 60,
				'maximum'     => 86400,
				'default'     => 3600,
			),
			'signed_url_max_ttl'  => array(
				'title'       => __( 'Longest file link lifetime', 'media-community-service' ),
				'description' => __( 'The longest time an app may ask a file link to stay valid.', 'media-community-service' ),
				'details'     => __( 'Upper bound of the ttl parameter; longer requests get this lifetime.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'seconds',
				'minimum'     => 60,
				'maximum'     => 604800,
				'default'     => 86400,
			),
			'serve_cache_max_age' => array(
				'title'       => __( 'Browser cache time of public files', 'media-community-service' ),
				'description' => __( 'How long browsers may keep public files without asking again. Private files are never kept.', 'media-community-service' ),
				'details'     => __( 'Sent as Cache-Control max-age.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'seconds',
				'minimum'     => 0,
				'maximum'     => 31536000,
				'default'     => 3600,
			),
			'serve_offload'       => array(
				'title'       => __( 'Hand file delivery to the web server', 'media-community-service' ),
				'description' => __( 'Lets the web server send files once the plugin has checked who may see them: faster for large files, but it needs a change to the server set-up. Leave it off when unsure.', 'media-community-service' ),
				'details'     => __( 'nginx: X-Accel-Redirect, needs an internal location /mvs-internal/ aliased to the uploads folder. Apache: X-Sendfile, needs mod_xsendfile. Off streams the file from PHP.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'off', 'x-accel-redirect', 'x-sendfile' ),
				'labels'      => array(
					'off'              => __( 'Off: PHP streams the file', 'media-community-service' ),
					'x-accel-redirect' => __( 'nginx (X-Accel-Redirect)', 'media-community-service' ),
					'x-sendfile'       => __( 'Apache (X-Sendfile)', 'media-community-service' ),
				),
				'default'     => 'off',
			),
			'view_log_days'       => array(
				'title'       => __( 'Keep view records', 'media-community-service' ),
				'description' => __( 'Records of who viewed what are deleted after this time; view counts and trending stay. 0 keeps them forever.', 'media-community-service' ),
				'details'     => __( 'Each record holds the time, the viewer and a hashed IP address; a daily job deletes the old ones.', 'media-community-service' ),
				'type'        => 'integer',
				'unit'        => 'days',
				'minimum'     => 0,
				'maximum'     => 3650,
				'default'     => 90,
			),
		);
	}
}
