import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startServe, stopProcess } from '../scripts/serve-process.js';

export const CLIENT_ID = 'e2e-client';
export const CLIENT_SECRET = 'e2e-secret';

export interface Workbench {
  baseUrl: string;
  workbenchUrl: string;
  /** A bearer token for calls from "outside" (an SDK or curl). */
  token(): Promise<string>;
  /** A raw API call from outside the UI, as an integration would make it. */
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
}

export const test = base.extend<{ workbench: Workbench }>({
  workbench: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'workbench-e2e-'));
    const { child, ready } = await startServe<{ base_url: string; workbench_url: string }>([
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--client-id',
      CLIENT_ID,
      '--client-secret',
      CLIENT_SECRET,
    ]);
    let token: string | undefined;
    const getToken = async () => {
      if (token) return token;
      const response = await fetch(`${ready.base_url}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: 'Basic ' + Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      token = ((await response.json()) as { access_token: string }).access_token;
      return token;
    };
    await use({
      baseUrl: ready.base_url,
      workbenchUrl: ready.workbench_url,
      token: getToken,
      async api(method, path, body, headers = {}) {
        const response = await fetch(ready.base_url + path, {
          method,
          headers: {
            authorization: `Bearer ${await getToken()}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : undefined };
      },
    });
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/** Opens the workbench and waits until the shell has talked to the host. */
export async function openWorkbench(page: Page, workbench: Workbench, route = ''): Promise<void> {
  await page.goto(workbench.workbenchUrl + (route ? `#/${route}` : ''));
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
}

export { expect };
