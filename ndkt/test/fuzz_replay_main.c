/*
 * Runs the fuzz target (fuzz_decode.c) over files and directories of
 * inputs, so that it runs without clang's libFuzzer: build it with gcc and
 * the sanitizers (make ndkt-contract-test) and give it the corpus,
 * ndkt/test/corpus/decode. It prints how many inputs ran; a sanitizer
 * report or an abort of the target fails it.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;
	if (f == NULL) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			uint8_t *nb;
			cap = cap != 0 ? 2 * cap : 4096;
			nb = realloc(buf, cap);
			if (nb == NULL) {
				abort();
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n != 0);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 1;
}

static int run_path(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	int count = 0;
	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		return run_file(path);
	}
	d = opendir(path);
	if (d == NULL) {
		perror(path);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		char sub[4096];
		int r;
		if (e->d_name[0] == '.') {
			continue;
		}
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) >= sizeof(sub)) {
			closedir(d);
			return -1;
		}
		r = run_path(sub);
		if (r < 0) {
			closedir(d);
			return -1;
		}
		count += r;
	}
	closedir(d);
	return count;
}

int main(int argc, char **argv)
{
	int i, total = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		int r = run_path(argv[i]);
		if (r < 0) {
			return 1;
		}
		total += r;
	}
	printf("fuzz_replay: %d inputs ran\n", total);
	return total > 0 ? 0 : 1;
}
