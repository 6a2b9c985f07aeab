import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PrivacyPolicy from '../../../src/screens/PrivacyPolicy';
import { renderWithApp } from '../helpers/render-app';

describe('PrivacyPolicy', () => {
  it('covers what is stored, payments, the device, push tokens and deletion', () => {
    renderWithApp(<PrivacyPolicy />, { path: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    for (const heading of [
      'Your account',
      'Payments with MTN Mobile Money',
      'What stays on your device',
      'Notifications',
      'Your rights',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/where you stopped in each video/)).toBeInTheDocument();
    expect(screen.getByText(/Android and iOS apps only/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Delete my account' })).toHaveAttribute(
      'href',
      '/delete-account',
    );
  });

  it('is written in French for a French-speaking student', () => {
    renderWithApp(<PrivacyPolicy />, { path: '/privacy-policy', lang: 'fr', storage: { language: 'fr' } });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Paiements par MTN Mobile Money' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/privacy\./)).not.toBeInTheDocument();
  });
});
