import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../server/errors.js';
import { routeGuard } from '../../server/http/route-guard.js';

/** A tiny app shaped like the emulator's /api surface; errors are reported as plain status, headers and text. */
function buildApp() {
  const handled = vi.fn();
  const app = new Hono({ strict: false });
  app.onError((error, c) => {
    if (!(error instanceof ApiError)) throw error;
    return c.text(error.message, error.status as 404, error.headers);
  });
  app.use('/api/*', routeGuard(app, '/api/'));
  const api = new Hono()
    .get('/suppressions', (c) => {
      handled('index');
      return c.text('index');
    })
    .post('/suppressions', (c) => {
      handled('store');
      return c.text('store');
    })
    .get('/suppressions/:suppression', (c) => {
      handled('show');
      return c.text('show');
    })
    .delete('/suppressions/:suppression', (c) => {
      handled('destroy');
      return c.text('destroy');
    })
    .post('/transactional-mails/send', (c) => {
      handled('send');
      return c.text('send');
    })
    .on(['PUT', 'PATCH'], '/things/:thing', (c) => {
      handled('update');
      return c.text('update');
    });
  app.route('/api', api);
  app.get('/healthz', (c) => c.text('ok'));
  return { app, handled };
}

const call = (method: string, path: string) => buildApp().app.request(`http://h${path}`, { method });

describe('routeGuard', () => {
  it('lets a known method on a known path through to its handler', async () => {
    const { app, handled } = buildApp();
    const res = await app.request('http://h/api/suppressions/jane@x.com', { method: 'DELETE' });
    expect([res.status, await res.text()]).toEqual([200, 'destroy']);
    expect(handled).toHaveBeenCalledWith('destroy');
  });

  it('answers an unknown path with a 404 naming the path without its leading slash', async () => {
    const res = await call('GET', '/api/foo');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('The route api/foo could not be found.');
  });

  it('answers an unknown deeper path with a 404 whatever the method', async () => {
    const res = await call('POST', '/api/suppressions/a/b');
    expect([res.status, await res.text()]).toEqual([404, 'The route api/suppressions/a/b could not be found.']);
  });

  it('does not collapse a double slash', async () => {
    expect((await call('GET', '/api//suppressions')).status).toBe(404);
  });

  it('answers a wrong verb with 405, the supported methods and an Allow header', async () => {
    const { app, handled } = buildApp();
    const res = await app.request('http://h/api/suppressions', { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await res.text()).toBe(
      'The PUT method is not supported for route api/suppressions. Supported methods: GET, HEAD, POST.',
    );
    expect(handled).not.toHaveBeenCalled();
  });

  it('lists methods in GET, HEAD, POST, PUT, PATCH, DELETE order whatever the registration order', async () => {
    const show = await call('POST', '/api/suppressions/x');
    expect(show.headers.get('allow')).toBe('GET, HEAD, DELETE');
    const things = await call('GET', '/api/things/1');
    expect(things.headers.get('allow')).toBe('PUT, PATCH');
    expect(await things.text()).toBe(
      'The GET method is not supported for route api/things/1. Supported methods: PUT, PATCH.',
    );
  });

  it('does not add HEAD to a route that has no GET', async () => {
    const res = await call('GET', '/api/transactional-mails/send');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('names HEAD itself when HEAD is the wrong verb', async () => {
    const res = await call('HEAD', '/api/transactional-mails/send');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('allows HEAD on a GET route and runs the GET handler without a body', async () => {
    const { app, handled } = buildApp();
    const res = await app.request('http://h/api/suppressions', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(handled).toHaveBeenCalledWith('index');
  });

  it('answers a bare OPTIONS with 200, no body and the methods joined by bare commas', async () => {
    const { app, handled } = buildApp();
    const res = await app.request('http://h/api/suppressions', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('GET,HEAD,POST');
    expect(await res.text()).toBe('');
    expect(handled).not.toHaveBeenCalled();
  });

  it('answers OPTIONS on an unknown path with 404', async () => {
    expect((await call('OPTIONS', '/api/nothing')).status).toBe(404);
  });

  it('ignores a trailing slash, as Laravel does', async () => {
    expect((await call('GET', '/api/suppressions/')).status).toBe(200);
    expect((await call('PATCH', '/api/suppressions/')).headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('matches a route parameter against one path segment only', async () => {
    expect(await (await call('GET', '/api/suppressions/uuid-1')).text()).toBe('show');
    expect((await call('GET', '/api/suppressions/a%2Fb')).status).toBe(200);
  });

  it('leaves paths outside its prefix alone', async () => {
    const res = await call('GET', '/healthz');
    expect([res.status, await res.text()]).toEqual([200, 'ok']);
  });
});
