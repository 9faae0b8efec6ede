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
