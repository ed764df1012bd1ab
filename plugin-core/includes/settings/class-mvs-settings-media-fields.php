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
				'title'       => __( 'Maximum upload size (bytes)', 'media-community-service' ),
				'description' => __( 'Larger files are refused with mvs_file_too_large.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 1024,
				'maximum'     => 4294967296,
				'default'     => 104857600,
			),
			'max_image_pixels'    => array(
				'title'       => __( 'Maximum image size (pixels)', 'media-community-service' ),
				'description' => __( 'Width times height, read from the image header before anything is decoded; larger images are refused with mvs_image_too_large. Decoding takes about 4 bytes of memory per pixel.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 1000000,
				'maximum'     => 100000000,
				'default'     => 25000000,
			),
			'allowed_mime_types'  => array(
				'title'       => __( 'Allowed file types', 'media-community-service' ),
				'description' => __( 'MIME types accepted, decided from the file content, never from its name. HTML, SVG, XML and script types can never be allowed.', 'media-community-service' ),
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
				'description' => __( 'What happens when a member uploads a file they already uploaded: warn, skip (409) or allow.', 'media-community-service' ),
				'type'        => 'string',
				'enum'        => array( 'warn', 'skip', 'allow' ),
				'labels'      => array(
					'warn'  => __( 'Accept and warn', 'media-community-service' ),
					'skip'  => __( 'Refuse (409)', 'media-community-service' ),
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
				'description' => __( 'When off, download routes answer 403 for every item.', 'media-community-service' ),
				'type'        => 'boolean',
				'default'     => true,
			),
			'signed_url_ttl'      => array(
				'title'       => __( 'Signed URL lifetime (seconds)', 'media-community-service' ),
				'description' => __( 'How long a signed file URL stays valid when the client does not ask for less.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 60,
				'maximum'     => 86400,
				'default'     => 3600,
			),
			'signed_url_max_ttl'  => array(
				'title'       => __( 'Longest signed URL lifetime (seconds)', 'media-community-service' ),
				'description' => __( 'Upper bound of the lifetime a client may ask for with the ttl parameter; longer requests get this lifetime.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 60,
				'maximum'     => 604800,
				'default'     => 86400,
			),
			'serve_cache_max_age' => array(
				'title'       => __( 'Browser cache lifetime of public files (seconds)', 'media-community-service' ),
				'description' => __( 'Cache-Control max-age sent with public files; private files are never cached.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 31536000,
				'default'     => 3600,
			),
			'serve_offload'       => array(
				'title'       => __( 'Hand file delivery to the web server', 'media-community-service' ),
				'description' => __( 'After the plugin has authorised a file request, let nginx (X-Accel-Redirect, needs an internal location /mvs-internal/ aliased to the uploads folder) or Apache (X-Sendfile, needs mod_xsendfile) send the bytes. Off streams the file from PHP.', 'media-community-service' ),
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
				'title'       => __( 'Keep individual view records (days)', 'media-community-service' ),
				'description' => __( 'View records (time, viewer, hashed IP) older than this are deleted every day; view counts and trending are kept. 0 keeps them forever.', 'media-community-service' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => 3650,
				'default'     => 90,
			),
		);
	}
}
