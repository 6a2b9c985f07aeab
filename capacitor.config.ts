import type { CapacitorConfig } from '@capacitor/cli';

// The native shell wraps the same Vite build (webDir) that the server and the PWA use. Build it with
// VITE_API_BASE_URL set to the server's public URL: inside the shell the page's own origin is the device.
const config: CapacitorConfig = {
  appId: 'cm.studycam.app',
  appName: 'StudyCam',
  webDir: 'dist',
  backgroundColor: '#f5f7f6',
  server: {
    // https://localhost on Android (a secure context, like the PWA); iOS uses capacitor://localhost.
    androidScheme: 'https',
  },
  android: {
    // The API and the videos are fetched over HTTPS only; no mixed content inside the WebView.
    allowMixedContent: false,
  },
  ios: {
    contentInset: 'automatic',
  },
  plugins: {
    PushNotifications: {
      // How a notification shows while the app is in the foreground (iOS).
      presentationOptions: ['badge', 'sound', 'alert'],
    },
  },
};

export default config;
