import { createTheme } from '@mui/material/styles';

export function workbenchTheme(mode: 'light' | 'dark') {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1f5fbf' : '#7fb0ff' },
      secondary: { main: mode === 'light' ? '#6b4fbb' : '#b9a4ff' },
      background:
        mode === 'light'
          ? { default: '#f4f6f8', paper: '#ffffff' }
          : { default: '#0f1318', paper: '#171c23' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontSize: 14 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { root: { paddingTop: 8, paddingBottom: 8 } } },
    },
  });
}
