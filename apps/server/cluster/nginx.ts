import fs from "node:fs";
import path from "node:path";

/**
 * The nginx configuration of the cluster test: deploy/nginx.conf as it is, with only the
 * upstream's ports, the listen line, the server name and the web app's path replaced, wrapped in
 * the few main-context lines a private nginx needs (no daemon, its pid, logs and temporary files
 * in `prefix`). Each replacement must hit what it expects, so a changed deploy file fails here
 * loudly instead of being tested half-replaced.
 */
export function clusterNginxConfig(opts: {
  site: string;
  ports: number[];
  listenPort: number;
  webDist: string;
  prefix: string;
}): string {
  let site = opts.site;
  const replace = (pattern: RegExp, by: (match: string) => string, expected: number | "some") => {
    const hits = site.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))?.length ?? 0;
    if (expected === "some" ? hits === 0 : hits !== expected) {
      throw new Error(`deploy/nginx.conf: expected ${expected} of ${pattern}, found ${hits}`);
    }
    site = site.replace(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`), by);
  };
  // The upstream's servers: the first line becomes one line per test process, the rest go.
  let first = true;
  replace(
    /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/m,
    (line) => {
      if (!first) return "";
      first = false;
      const [, indent = "", rest = ""] = /^(\s*)server 127\.0\.0\.1:\d+([^;]*);/.exec(line) ?? [];
      return opts.ports.map((port) => `${indent}server 127.0.0.1:${port}${rest};\n`).join("");
    },
    "some",
  );
  replace(/^\s*listen 80;$/m, () => `    listen 127.0.0.1:${opts.listenPort};`, 1);
  replace(/^\s*listen \[::\]:80;\n/m, () => "", 1);
  replace(/server_name [^;]+;/, () => "server_name 127.0.0.1;", 1);
  replace(/\/opt\/kantien\/apps\/web\/dist\//, () => `${opts.webDist}/`, "some");

  const p = (name: string) => path.join(opts.prefix, name);
  for (const dir of ["logs", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    fs.mkdirSync(p(dir), { recursive: true });
  }
  // Running as root, nginx would hand its workers to `nobody`, who cannot enter a private temp dir.
  const user = process.getuid?.() === 0 ? "user root root;\n" : "";
  return `${user}daemon off;
worker_processes 2;
pid ${p("nginx.pid")};
error_log ${p("logs/error.log")} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${p("logs/access.log")};
    client_body_temp_path ${p("client_body")};
    proxy_temp_path ${p("proxy")};
    fastcgi_temp_path ${p("fastcgi")};
    uwsgi_temp_path ${p("uwsgi")};
    scgi_temp_path ${p("scgi")};
    sendfile on;
    tcp_nopush on;

${site}
}
`;
}
