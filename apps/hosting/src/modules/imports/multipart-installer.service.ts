import multipart from '@fastify/multipart';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/**
 * Registers @fastify/multipart on the API's Fastify instance (before it is ready), so upload routes
 * can stream `req.parts()`. Nothing is buffered: each route reads its file part with its own limits.
 */
@Injectable()
export class MultipartInstaller implements OnModuleInit {
  constructor(private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser('multipart/form-data')) return;
    // Not awaited: awaiting would load Fastify's pending plugins and routes now, before Nest sets its
    // error handler (after the init hooks), and those routes would keep Fastify's default one.
    void fastify.register(multipart, { throwFileSizeLimit: true });
  }
}
