// per-source gzip-estimated size in each chunk via sourcemaps
import fs from "node:fs"; import path from "node:path"; import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map-js";
const dist = process.argv[2]; const files = process.argv.slice(3);
for (const f of files) {
  const js = fs.readFileSync(path.join(dist, f), "utf8");
  const map = JSON.parse(fs.readFileSync(path.join(dist, f + ".map"), "utf8"));
  const c = new SourceMapConsumer(map);
  const lines = js.split("\n"); const bySrc = new Map();
  let prev = null;
  c.eachMapping((m) => {
    if (prev) { const src = prev.source ?? "?";
      let text;
      if (prev.generatedLine === m.generatedLine) text = lines[prev.generatedLine-1].slice(prev.generatedColumn, m.generatedColumn);
      else text = lines[prev.generatedLine-1].slice(prev.generatedColumn);
      bySrc.set(src, (bySrc.get(src) ?? "") + text); }
    prev = m;
  });
  const total = gzipSync(js, { level: 9 }).length;
  console.log(`== ${f} ${(total/1024).toFixed(1)} KB gz`);
  const rows = [...bySrc].map(([s, t]) => [s.replace(/.*node_modules\//, ""), t.length, gzipSync(t).length]).sort((a,b)=>b[1]-a[1]).slice(0, 25);
  for (const [s, raw, gz] of rows) console.log(`${(raw/1024).toFixed(1).padStart(7)} KB raw ${(gz/1024).toFixed(1).padStart(6)} gz  ${s}`);
}
