/*
 * BGS: the script of a project's interactive API reference (served from the
 * control plane's /_static/ path; its name carries API_REFERENCE_SCRIPT_VERSION, raise it with
 * every change). It reads the OpenAPI document the page embeds and renders it with swagger-ui:
 * no validator badge (it would call validator.swagger.io), no remote spec URL, "Try it out"
 * against the document's servers with the bearer token typed into the Authorize dialog.
 */
(function () {
  'use strict';
  var element = document.getElementById('bgs-openapi');
  if (!element || typeof window.SwaggerUIBundle !== 'function') {
    document.getElementById('swagger-ui').textContent = 'The API reference could not load swagger-ui.';
    return;
  }
  window.ui = window.SwaggerUIBundle({
    spec: JSON.parse(element.textContent),
    dom_id: '#swagger-ui',
    validatorUrl: null,
    deepLinking: false,
    displayOperationId: true,
    displayRequestDuration: true,
    persistAuthorization: false,
    tryItOutEnabled: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
})();
