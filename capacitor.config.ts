import type { CapacitorConfig } from '@capacitor/cli';

// The native shell wraps the same Vite build (webDir) that the server and the PWA use.
const config: CapacitorConfig = {
  appId: 'cm.studycam.app',
  appName: 'StudyCam',
  webDir: 'dist',
  android: {
    // Students on old Android phones: keep the WebView from refusing mixed content from the local server in dev.
    allowMixedContent: false,
  },
  plugins: {
    PushNotifications: {
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
};

export default config;
