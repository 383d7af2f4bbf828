import { useMutation } from '@tanstack/react-query';
import { eraseResponseSchema } from '../../../../shared/schemas.ts';
import type { CustomerLookup } from '../../../../shared/staff-schemas.ts';
import { customerExportSchema, customerLookupResponseSchema } from '../../../../shared/staff-schemas.ts';
import { staffRequest } from '../../../lib/staff-api.ts';

/** The owner's Customers tools; each sends the number in the body, never in a URL. */
export const useLookUpCustomer = () =>
  useMutation({
    mutationFn: (body: CustomerLookup) =>
      staffRequest('/v1/staff/customers/look-up', customerLookupResponseSchema, { method: 'POST', body }),
  });

/** Downloads everything the business holds about the number as a JSON file. */
export const useExportCustomer = () =>
  useMutation({
    mutationFn: async (body: CustomerLookup) => {
      const data = await staffRequest('/v1/staff/customers/export', customerExportSchema, {
        method: 'POST',
        body,
      });
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = `customer-${body.phoneNumber.replace(/\D/g, '')}.json`;
      link.click();
      URL.revokeObjectURL(url);
    },
  });

export const useEraseCustomer = () =>
  useMutation({
    mutationFn: (body: CustomerLookup) =>
      staffRequest('/v1/staff/customers/erase', eraseResponseSchema, { method: 'POST', body }),
  });
