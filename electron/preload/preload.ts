import { contextBridge, ipcRenderer } from 'electron';
import { createWorkbenchApi } from './workbench-api.js';

contextBridge.exposeInMainWorld('workbench', createWorkbenchApi(ipcRenderer));
