// The nginx configuration template (deploy/nginx/clinic.conf.template) rendered as the nginx
// image's envsubst renders it, for npm run cluster and the tests that run nginx with it.

/** envsubst as the nginx image runs it: only the named variables are replaced; a missing one is an error. */
export function renderTemplate(template, variables) {
  return template.replace(/\$\{(NGINX_[A-Z_]+)\}/g, (whole, name) => {
    if (!(name in variables)) throw new Error(`deploy/nginx template: no value for ${name}`);
    return variables[name];
  });
}
