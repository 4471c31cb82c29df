/**
 * The readable page of the OpenAPI document: plain HTML rendered once on the server, no scripts
 * (the app's CSP allows none inline, and a docs UI from a CDN is out of reach offline). Operations
 * fold open with <details>; schemas are shown as JSON, with links to the named shapes.
 */
import type { OpenApiDocument } from './document';

interface Operation {
  tags: string[];
  summary: string;
  operationId: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON in a <pre>, each `$ref` to a component a link to it. */
function schemaBlock(schema: unknown): string {
  const json = escapeHtml(JSON.stringify(schema, null, 2));
  return `<pre>${json.replace(
    /&quot;#\/components\/schemas\/(\w+)&quot;/g,
    (_, id: string) => `<a href="#schema-${id}">&quot;#/components/schemas/${id}&quot;</a>`,
  )}</pre>`;
}

function operationHtml(method: string, path: string, op: Operation): string {
  const params = op.parameters?.length
    ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.description ? `<br>${escapeHtml(p.description)}` : ''}</td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
        )
        .join('')}</table>`
    : '';
  const body = op.requestBody
    ? `<h4>Request body (application/json)</h4>${schemaBlock(op.requestBody.content['application/json']?.schema)}`
    : '';
  const responses = Object.entries(op.responses)
    .map(
      ([status, r]) =>
        `<h5><span class="status s${status[0]}">${status}</span> ${escapeHtml(r.description)}</h5>${
          r.content ? schemaBlock(r.content['application/json']?.schema) : ''
        }`,
    )
    .join('');
  return `<details id="${op.operationId}"><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> — ${escapeHtml(op.summary)}${
    op.security.length ? ' <span class="auth">sign-in</span>' : ''
  }</summary>${params}${body}<h4>Responses</h4>${responses}</details>`;
}

export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = [...byTag.entries()]
    .map(
      ([tag, ops]) =>
        `<section id="tag-${escapeHtml(tag)}"><h2>${escapeHtml(tag)}</h2>${ops.join('')}</section>`,
    )
    .join('');
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([id, schema]) =>
        `<details id="schema-${id}"><summary><code>${id}</code></summary>${schemaBlock(schema)}</details>`,
    )
    .join('');
  const toc = [...byTag.keys()]
    .map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:1rem 1.5rem;color:#1b1b1f;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6e6ea;background:#16161a}pre,table td,table th{border-color:#333}pre{background:#1f1f25}}
h1{margin-bottom:.25rem}nav{margin:1rem 0}details{border-bottom:1px solid #8883;padding:.4rem 0}
summary{cursor:pointer}pre{background:#f5f5f7;border:1px solid #ddd;border-radius:6px;padding:.6rem;overflow:auto;font-size:13px;max-height:32rem}
table{border-collapse:collapse;margin:.3rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
.method{display:inline-block;min-width:4.2rem;font-weight:700;font-family:ui-monospace,monospace}
.get{color:#1a7f37}.post{color:#0969da}.put{color:#9a6700}.delete{color:#cf222e}
.status{font-family:ui-monospace,monospace}.s2{color:#1a7f37}.s3{color:#0969da}.s4{color:#9a6700}.s5{color:#cf222e}
.auth{font-size:12px;border:1px solid #8886;border-radius:4px;padding:0 .3rem}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<nav>${toc} · <a href="#schemas">Schemas</a></nav>
${sections}
<section id="schemas"><h2>Schemas</h2>${schemas}</section>
</body></html>`;
}
