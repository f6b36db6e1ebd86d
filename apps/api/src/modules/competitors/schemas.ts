import { idSchema } from '@reputo/core';
import { z } from 'zod';

export const branchInput = z.object({
  id: idSchema().optional(),
  location_id: idSchema('location_id'),
  title: z.string().max(200, 'title is at most 200 characters').optional(),
  address: z.string().max(300, 'address is at most 300 characters').nullable().optional(),
  /** Page address of the branch per competitor source, e.g. { "google": "https://www.google.com/maps/place/..." }. */
  sources: z.record(z.string(), z.string().max(1000)).default({}),
});

export const competitorInput = z.object({
  name: z.string({ error: 'Missing competitor name!' }).max(200, 'name is at most 200 characters'),
  locations: z.array(branchInput).max(500).default([]),
});

/** A change: a new name and/or the full new list of branches (left out: branches stay as they are). */
export const competitorPatch = z.object({
  name: competitorInput.shape.name.optional(),
  locations: z.array(branchInput).max(500).optional(),
});

export const uploadInput = z.object({
  filename: z.string().min(1, 'filename is required').max(200),
  /** The file's bytes, base64-encoded (.xlsx or .csv). */
  content: z.string().min(1, 'The file is empty').max(14_000_000, 'The file is too big: at most 10 MB'),
});

export type CompetitorInput = z.infer<typeof competitorInput>;
export type BranchInput = z.infer<typeof branchInput>;
