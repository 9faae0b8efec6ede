import { describe, expect, it } from 'vitest';
import { useEmulator } from '../support/emulator-process.js';
import { apiClient, rawRequest } from '../support/http.js';

const emulator = useEmulator();
const api = () => apiClient(emulator().url, emulator().token);

describe('routing before authentication', () => {
  it('answers an unknown path with 404 and the route text, without a token', async () => {
    const res = await api().get('/api/foo', { token: null });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.text).toBe('{\n    "message": "The route api/foo could not be found."\n}');
  });

  it('answers a wrong verb with 405, the supported methods and an Allow header', async () => {
    const res = await api().put('/api/suppressions', { token: null });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.text).toBe(
      '{\n    "message": "The PUT method is not supported for route api/suppressions. Supported methods: GET, HEAD, POST."\n}',
    );
  });

  it('answers HEAD on a GET route with the GET status and no body', async () => {
    const res = await rawRequest(emulator().url, {
      method: 'HEAD',
      path: '/api/suppressions',
      headers: { accept: 'application/json', authorization: `Bearer ${emulator().token}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });
});

describe('routing of the emulator API', () => {
  it('answers a wrong verb on /_emulator with 405, the supported methods and an Allow header', async () => {
    const res = await api().put('/_emulator/messages', { token: null });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
    expect(res.text).toBe(
      '{\n    "message": "The PUT method is not supported for route _emulator/messages. Supported methods: GET, HEAD, DELETE."\n}',
    );
    const onOne = await api().post('/_emulator/messages/some-uuid/raw', { token: null });
    expect(onOne.status).toBe(405);
    expect(onOne.headers.allow).toBe('GET, HEAD');
  });

  it('still answers an unknown /_emulator path with the route 404', async () => {
    const res = await api().get('/_emulator/nothing-here', { token: null });
    expect(res.status).toBe(404);
    expect(res.text).toBe('{\n    "message": "The route _emulator/nothing-here could not be found."\n}');
  });
});

describe('OPTIONS and shared response headers', () => {
  it('answers a bare OPTIONS with an empty 200 and the methods in Allow joined by bare commas, without a token', async () => {
    const res = await rawRequest(emulator().url, { method: 'OPTIONS', path: '/api/suppressions' });
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET,HEAD,POST');
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toBe('no-cache, private');
    // HandleCors still decorates the router's answer.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.vary).toBe('Access-Control-Request-Method');
  });

  it('lists GET, HEAD and DELETE for OPTIONS on a single suppression', async () => {
    const res = await rawRequest(emulator().url, {
      method: 'OPTIONS',
      path: '/api/suppressions/jane@example.com',
      headers: { accept: 'application/json', authorization: `Bearer ${emulator().token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET,HEAD,DELETE');
    expect(res.text).toBe('');
  });

  it('answers OPTIONS on an unknown path with the route 404', async () => {
    const res = await api().request('OPTIONS', '/api/nothing', { token: null });
    expect(res.status).toBe(404);
    expect(res.text).toBe('{\n    "message": "The route api/nothing could not be found."\n}');
  });

  it('leaves a CORS preflight (OPTIONS with Access-Control-Request-Method) to the CORS middleware: 204', async () => {
    const res = await rawRequest(emulator().url, {
      method: 'OPTIONS',
      path: '/api/suppressions',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.allow).toBeUndefined();
  });

  it('answers a wrong verb on a single suppression with 405 and Allow: GET, HEAD, DELETE', async () => {
    const res = await api().put('/api/suppressions/jane@example.com');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE');
    expect(res.text).toBe(
      '{\n    "message": "The PUT method is not supported for route api/suppressions/jane@example.com. Supported methods: GET, HEAD, DELETE."\n}',
    );
  });

  it('answers DELETE on the suppressions collection with 405 and Allow: GET, HEAD, POST', async () => {
    const res = await api().delete('/api/suppressions');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.text).toBe(
      '{\n    "message": "The DELETE method is not supported for route api/suppressions. Supported methods: GET, HEAD, POST."\n}',
    );
  });

  it('sends Cache-Control: no-cache, private on success and error responses of the API', async () => {
    const responses = await Promise.all([
      api().get('/api/suppressions'),
      api().get('/api/suppressions/nobody@routing.test'),
      api().get('/api/suppressions', { token: null }),
      api().post('/api/suppressions', { json: {} }),
      api().get('/api/suppressions?sort=bogus'),
      api().get('/api/unknown'),
    ]);
    expect(responses.map((res) => res.status)).toEqual([200, 404, 401, 422, 400, 404]);
    for (const res of responses) expect(res.headers['cache-control']).toBe('no-cache, private');
  });
});
