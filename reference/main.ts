/**
 * The API reference at /docs: Scalar's renderer over our own openapi.json, bundled by
 * scripts/buildDashboard.ts and served by api/reference.ts. Nothing leaves this origin: the
 * default fonts, telemetry and the hosted AI chat are off, and the try-it console sends its requests straight to
 * the document's server (this origin's /api/v1), never through Scalar's proxy.
 */
import './jitless';
import { createApiReference } from '@scalar/api-reference';
import '@scalar/api-reference/style.css';

createApiReference('#reference', {
  url: '/api/v1/openapi.json',
  // The document names the configured public URL; the console talks to the server that served this page.
  servers: [{ url: `${location.origin}/api/v1`, description: 'This server' }],
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: false,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  authentication: { preferredSecurityScheme: 'bearerAuth' },
  // Scalar's hosted AI chat and its MCP installer would send the document to Scalar's servers.
  agent: { disabled: true },
  mcp: { disabled: true },
});
