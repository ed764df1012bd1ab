// The configuration files of one stack, as text. Every path they name is inside
// the stack's temp folder (or its log folder), so nothing touches /etc, /run or
// /var, and nothing listens anywhere but 127.0.0.1.
import crypto from 'node:crypto';

// php-fpm workers: 2 cores here; 4 lets requests waiting on MariaDB overlap
// with others running PHP. Playwright runs one worker per PHP worker.
export const PHP_WORKERS = 4;
// Uploads of the plugin's default maximum (100 MiB) plus multipart overhead.
const MAX_BODY_MB = 128;

const asRoot = () => process.getuid?.() === 0;

// Random text for passwords and salts, from an alphabet that needs no escaping
// in PHP single quotes, SQL single quotes or a shell.
export function randomSecret(length = 64) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#%&()*+,-./:;<=>?@[]^_{|}~';
  return Array.from(crypto.randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

// Arguments for mariadbd. --no-defaults first: Debian's /etc/mysql files point
// at /run/mysqld and /var/lib/mysql, which belong to the system's server.
// No --log-error: mariadbd then logs to stderr, which goes to the stack's mariadb.log.
export function mariadbArgs({ dataDir, socket, port, pidFile, tmpDir, bufferPoolMb = 512 }) {
  return [
    '--no-defaults',
    ...(asRoot() ? ['--user=root'] : []), // mariadbd refuses to run as root without it
    `--datadir=${dataDir}`,
    `--socket=${socket}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--pid-file=${pidFile}`,
    `--tmpdir=${tmpDir}`,
    // Grants are matched on the address (127.0.0.1), never on a DNS name.
    '--skip-name-resolve',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
    // Enough for the test sites and the 10k bench site (0.35 GB of data); the
    // bench sizes its large site's pool to its data (stack/README.md, "Benchmark").
    `--innodb-buffer-pool-size=${bufferPoolMb}M`,
    '--max-connections=200',
  ];
}

export function phpFpmConf({ pidFile, errorLog, socket, tmpDir }) {
  return `; php-fpm for one throw-away stack (stack/config.mjs)
[global]
pid = ${pidFile}
error_log = ${errorLog}
daemonize = no

[www]
${asRoot() ? 'user = root\ngroup = root\n' : ''}listen = ${socket}
; nginx workers run as the same user (see nginx.conf), nobody else may connect.
listen.mode = 0600
pm = static
pm.max_children = ${PHP_WORKERS}
; PHP's own errors before WordPress takes over its log, e.g. a parse error.
catch_workers_output = yes
decorate_workers_output = no
request_terminate_timeout = 300
php_admin_value[upload_max_filesize] = ${MAX_BODY_MB}M
php_admin_value[post_max_size] = ${MAX_BODY_MB}M
php_admin_value[memory_limit] = 256M
php_admin_value[max_execution_time] = 120
php_admin_value[upload_tmp_dir] = ${tmpDir}
php_admin_value[sys_temp_dir] = ${tmpDir}
php_admin_flag[log_errors] = on
; OPcache: on by Debian's defaults (a pool cannot switch it on, only off);
; native-site.mjs checks it. Timestamps stay validated: the plugins are edited
; while a stack runs.
env[TMPDIR] = ${tmpDir}
`;
}

export function nginxConf({ port, wordpressDir, socket, pidFile, tempDir, errorLog, accessLog, harness = false }) {
  // Test runs only: the harness's X-MVS-Query-Log header lists every SQL statement of a request, which can
  // pass the 32k a site needs; a header past the buffer is a 502 ("upstream sent too big header").
  const wordpressBuffers = harness
    ? '      fastcgi_buffers 16 64k;\n      fastcgi_buffer_size 256k;'
    : '      fastcgi_buffers 16 16k;\n      fastcgi_buffer_size 32k;';
  return `# nginx for one throw-away stack (stack/config.mjs)
${asRoot() ? '# Workers must read the 0700 temp folder and the php-fpm socket: same user.\nuser root root;\n' : ''}worker_processes 2;
pid ${pidFile};
error_log ${errorLog} warn;
daemon off;

events { worker_connections 1024; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  # $request_time: the per-request cost, readable after a test run.
  log_format timed '$remote_addr [$time_local] "$request" $status $body_bytes_sent $request_time';
  access_log ${accessLog} timed;
  client_body_temp_path ${tempDir}/client_body;
  fastcgi_temp_path ${tempDir}/fastcgi;
  proxy_temp_path ${tempDir}/proxy;
  uwsgi_temp_path ${tempDir}/uwsgi;
  scgi_temp_path ${tempDir}/scgi;
  sendfile on;
  keepalive_timeout 65;
  server_tokens off;

  # Media Community Service, offloaded files: the sandbox policy PHP sends with
  # anything but image, video and audio (MVS_Active_Content), decided again from
  # the Content-Type nginx keeps; anything unexpected gets the sandbox.
  # The rule of docs/file-delivery.md, "Web server configuration".
${MVS_SANDBOX_MAP}

  server {
    listen 127.0.0.1:${port};
    server_name 127.0.0.1 localhost;
    root ${wordpressDir};
    index index.php;
    client_max_body_size ${MAX_BODY_MB}m;

    # Media Community Service keeps uploads here and serves them only through
    # signed /serve URLs; ^~ wins over the PHP regex below, so nothing in the
    # folder is ever listed, fetched or executed (docs/storage.md).
    location ^~ /wp-content/uploads/mvs/ {
      deny all;
    }

    # WordPress's pretty permalinks (/wp-json/... included): anything that is
    # not a file or folder goes to index.php.
    location / {
      try_files $uri $uri/ /index.php?$args;
    }

    # File offload (setting serve_offload = x-accel-redirect): PHP authorises a
    # /serve request, then answers X-Accel-Redirect: /mvs-internal/<path>, and
    # nginx sends the bytes (Range included). internal: never reachable from outside.
    # nginx keeps only a few headers of PHP's answer (type, disposition, caching),
    # so the file's security headers are set again here.
    location ^~ /mvs-internal/ {
      internal;
      alias ${wordpressDir}/wp-content/uploads/;
${MVS_FILE_HEADERS}
      add_header X-MVS-Served-By nginx always;
    }

    # GET /serve: the plugin's lean entry (WordPress with SHORTINIT, no
    # plugins or theme). What it does not answer with a file (refusals, URLs
    # it cannot decide without plugins, downloads) it hands back with
    # X-Accel-Redirect: @mvs_wordpress, the route as WordPress answers it.
    # The rule of docs/file-delivery.md, "The lean path".
    location = /wp-json/mvs/v1/serve {
      error_page 418 = @mvs_wordpress;
      if ($request_method !~ ^(GET|HEAD)$) { return 418; }
${fastcgiParams(LEAN_SERVE)}
      fastcgi_param MVS_SERVE_LEAN @mvs_wordpress;
${LEAN_MISSING_FALLBACK}
      fastcgi_pass unix:${socket};
      fastcgi_buffers 16 16k;
      fastcgi_buffer_size 32k;
      add_header X-MVS-Served-By lean always; # test stack only: which path answered
    }

${harness ? `    # Test runs only: the lean entry with the hand-back Apache sites use (a 307
    # to the route's plain spelling), which the suite cannot run on Apache here.
    location = /mvs-test/lean-redirect {
${fastcgiParams(LEAN_SERVE)}
      fastcgi_param MVS_SERVE_LEAN redirect;
      fastcgi_pass unix:${socket};
      add_header X-MVS-Served-By lean-redirect always;
    }

    # Test runs only: the lean rule with a script path that does not exist (a
    # plugin folder named otherwise), to show the request still reaches WordPress.
    location = /mvs-test/lean-missing {
${fastcgiParams('/wp-content/plugins/mvs-no-such-folder/serve.php')}
      fastcgi_param MVS_SERVE_LEAN @mvs_wordpress;
${LEAN_MISSING_FALLBACK}
      fastcgi_pass unix:${socket};
    }

` : ''}    location @mvs_wordpress {
${fastcgiParams('/index.php')}
      fastcgi_pass unix:${socket};
      fastcgi_read_timeout 300;
${wordpressBuffers}
    }

    location ~ \\.php$ {
      try_files $uri =404; # never hand a path that is not a PHP file to PHP
${FASTCGI_PARAMS}
      fastcgi_pass unix:${socket};
      fastcgi_read_timeout 300;
${wordpressBuffers}
    }
  }
}
`;
}

// The CGI variables PHP gets, written out rather than taken from
// /etc/nginx/fastcgi_params: Debian's security update of that file (1.22.1-9+deb12u11)
// sets HTTP_HOST to $host, which drops the port, so WordPress saw
// "127.0.0.1" for "127.0.0.1:9500" and redirected every page to itself.
// $host:$server_port is the server's own name and port, never a raw client header.
const fastcgiParams = (script) => [
  ['QUERY_STRING', '$query_string'],
  ['REQUEST_METHOD', '$request_method'],
  ['CONTENT_TYPE', '$content_type'],
  ['CONTENT_LENGTH', '$content_length'],
  ['SCRIPT_NAME', script ?? '$fastcgi_script_name'],
  ['SCRIPT_FILENAME', `$document_root${script ?? '$fastcgi_script_name'}`],
  ['REQUEST_URI', '$request_uri'],
  ['DOCUMENT_URI', '$document_uri'],
  ['DOCUMENT_ROOT', '$document_root'],
  ['SERVER_PROTOCOL', '$server_protocol'],
  ['REQUEST_SCHEME', '$scheme'],
  ['GATEWAY_INTERFACE', 'CGI/1.1'],
  ['SERVER_SOFTWARE', 'nginx/$nginx_version'],
  ['REMOTE_ADDR', '$remote_addr'],
  ['REMOTE_PORT', '$remote_port'],
  ['SERVER_ADDR', '$server_addr'],
  ['SERVER_PORT', '$server_port'],
  ['SERVER_NAME', '$server_name'],
  ['REDIRECT_STATUS', '200'], // php-fpm's cgi.force_redirect
  ['HTTP_HOST', '$host:$server_port'],
].map(([name, value]) => `      fastcgi_param ${name} ${value};`).join('\n');
const FASTCGI_PARAMS = fastcgiParams();
// The plugin's lean /serve entry (docs/file-delivery.md, "The lean path").
const LEAN_SERVE = '/wp-content/plugins/media-community-service/serve.php';
// When the script is missing (the plugin's folder is named otherwise), php-fpm
// answers 404 "File not found."; nginx hands such a request to WordPress instead.
// The lean entry itself never answers 404 (it hands refusals back).
const LEAN_MISSING_FALLBACK = [
  '      fastcgi_intercept_errors on;',
  '      error_page 404 = @mvs_wordpress;',
].join('\n');
// The headers PHP sends with every file (MVS_File_Response, MVS_Active_Content), for
// the offloaded ones, whose PHP answer nginx does not pass on whole.
const MVS_FILE_HEADERS = [
  '      add_header X-Content-Type-Options nosniff always;',
  '      add_header X-Robots-Tag noindex always;',
  '      add_header Content-Security-Policy $mvs_file_sandbox always; # empty (media): no header',
].join('\n');
const MVS_SANDBOX_MAP = `  map $sent_http_content_type $mvs_file_sandbox {
    ~*^image/svg          sandbox;
    ~*\\+xml              sandbox;
    ~*^(image|video|audio)/ "";
    default               sandbox;
  }`;

const phpString = (value) => `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function wpConfig({ dbPort, dbName, dbUser, dbPassword, debugLog, testRun = false }) {
  const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];
  const define = (name, value) => `define( '${name}', ${value} );`;
  return `<?php
// wp-config.php of one throw-away native stack, written by stack/config.mjs.
${define('DB_NAME', phpString(dbName))}
${define('DB_USER', phpString(dbUser))}
${define('DB_PASSWORD', phpString(dbPassword))}
${define('DB_HOST', phpString(`127.0.0.1:${dbPort}`))}
${define('DB_CHARSET', "'utf8mb4'")}
${define('DB_COLLATE', "''")}

${salts.map((name) => define(name, phpString(randomSecret()))).join('\n')}

$table_prefix = 'wp_';

// Application passwords need https unless the environment is local.
${define('WP_ENVIRONMENT_TYPE', "'local'")}
// Notices and warnings go to a file (read it after a run), never into responses.
${define('WP_DEBUG', 'true')}
${define('WP_DEBUG_LOG', phpString(debugLog))}
${define('WP_DEBUG_DISPLAY', 'false')}
// Unminified core scripts (development React): the admin-ui browser specs
// fail on any console warning, which only the development builds print.
${define('SCRIPT_DEBUG', 'true')}
// The machine is offline: fail calls to wordpress.org at once instead of
// waiting on them (loopback, e.g. WP-Cron's, stays allowed).
${define('WP_HTTP_BLOCK_EXTERNAL', 'true')}
${testRun ? `// Test runs only: the AI spec's mock provider listens on plain http on loopback.
${define('MVS_AI_ALLOW_PRIVATE_ENDPOINTS', 'true')}
` : ''}
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}
