// Writes the landing page's build-time renders (issue 18 "First load"): dist/landing.et.html and
// dist/landing.en.html, each dist/index.html with the page's markup in #root, its language on <html> and on
// #root (src/main.tsx hydrates only a render in the visitor's language), and its title and description.
// The web servers answer `/` with one of them (deploy/web/nginx.conf, deploy/local/static_site.py).
//
// The page is there to be read before its app runs, so the app starts after the first paint: a small deferred
// script asks for the app's code (the entry and the modules it needs, all at once) once the browser has drawn
// the page. Otherwise the style sheet shares the link with the code, and a fast link evaluates all of it before
// the first frame, so the text waits for the script either way.
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const serverBuild = `${web}dist-prerender`;
const LANGUAGES = ['et', 'en'];

function escapeAttribute(text) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

function escapeText(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
}

function replaceOnce(text, pattern, replacement) {
  const found = typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
  if (!found) throw new Error(`dist/index.html has no ${pattern}`);
  return text.replace(pattern, replacement);
}

const PAINT_FIRST = `// The landing page comes drawn (web/scripts/prerender.mjs): its app starts once the page has been painted
// (the first contentful paint, as the browser reports it), at once in a tab nobody sees, and after 3 s at most.
(function () {
  var script = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    script.dataset.modules.split(' ').forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(script.dataset.entry);
  }
  var observable = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes || [];
  if (document.visibilityState === 'hidden') {
    start();
  } else if (observable.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 3000);
})();
`;

/** Writes the paint-first script under a content-hashed name, as Vite names assets, and returns its path. */
async function writePaintFirst() {
  const hash = createHash('sha256').update(PAINT_FIRST).digest('base64url').slice(0, 8);
  const path = `/assets/paint-first-${hash}.js`;
  await writeFile(`${web}dist${path}`, PAINT_FIRST);
  return path;
}

/** The shell's head with its entry and the modules it preloads asked for by the paint-first script instead. */
function startAfterPaint(html, paintFirst) {
  const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n\s*/;
  const preloadTag = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\n\s*/g;
  const entry = html.match(entryTag)?.[1];
  if (!entry) throw new Error(`dist/index.html has no ${entryTag}`);
  const modules = [...html.matchAll(preloadTag)].map((match) => match[1]);
  return html
    .replace(preloadTag, '')
    .replace(entryTag, `<script defer src="${paintFirst}" data-entry="${entry}" data-modules="${modules.join(' ')}"></script>\n    `);
}

const { prerenderLanding } = await import(`${serverBuild}/prerender.js`);
const shell = startAfterPaint(await readFile(`${web}dist/index.html`, 'utf8'), await writePaintFirst());
for (const language of LANGUAGES) {
  const page = await prerenderLanding(language);
  let html = replaceOnce(shell, /<html lang="[a-z]+">/, `<html lang="${language}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`);
  for (const meta of ['name="description"', 'property="og:description"']) {
    html = replaceOnce(html, new RegExp(`<meta ${meta} content="[^"]*" />`),
      `<meta ${meta} content="${escapeAttribute(page.description)}" />`);
  }
  html = replaceOnce(html, /<meta property="og:title" content="[^"]*" \/>/,
    `<meta property="og:title" content="${escapeAttribute(page.title)}" />`);
  html = replaceOnce(html, '<div id="root"></div>',
    `<div id="root" data-prerendered="${language}">${page.html}</div>`);
  await writeFile(`${web}dist/landing.${language}.html`, html);
}
await rm(serverBuild, { recursive: true, force: true });
