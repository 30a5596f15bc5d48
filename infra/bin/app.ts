#!/usr/bin/env node
import { buildApp } from '../app';

buildApp();
