import { describe, expect, it } from 'vitest';
import { classifyUserAgent, workbenchUserAgent } from './request-source';

describe('classifyUserAgent', () => {
  it.each([
    [workbenchUserAgent('1.0.0'), 'workbench'],
    ['PaymentsWorkbench/0.9.1-dev', 'workbench'],
    ['curl/8.5.0', 'curl'],
    ['PayPalSDK/Checkout-NodeJS-SDK 1.0.3 (node v20.11.0-x64-linux; OpenSSL/3.0)', 'sdk'],
    ['PayPal REST API Python SDK, Version: 1.0.0, on OS Linux', 'sdk'],
    ['node', 'sdk'],
    ['axios/1.7.2', 'sdk'],
    ['python-requests/2.32.3', 'sdk'],
    ['okhttp/4.12.0', 'sdk'],
    ['Go-http-client/1.1', 'sdk'],
    ['Java-http-client/21.0.2', 'sdk'],
    ['PostmanRuntime/7.39.0', 'sdk'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'browser',
    ],
    ['HTTPie/3.2.2', 'other'],
    ['', 'other'],
    [undefined, 'other'],
  ] as const)('%s is %s', (agent, source) => {
    expect(classifyUserAgent(agent)).toBe(source);
  });

  it('does not take a product that merely starts like the workbench for it', () => {
    expect(classifyUserAgent('PaymentsWorkbenchClone 1.0')).toBe('other');
  });
});
