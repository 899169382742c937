export * from './machine.js';
export * from './order.js';
export * from './authorization.js';
export * from './capture.js';
export * from './refund.js';
